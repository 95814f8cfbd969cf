// Names of editable targets, for the inputs' refs and test ids. Pure.
import type { OverlayTarget } from './overlay-boxes';

export function targetKey(target: OverlayTarget): string {
  return 'field' in target ? `field-${target.field}` : `cell-${target.cell[0]}-${target.cell[1]}`;
}
