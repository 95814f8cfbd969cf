// The keys of a page in the split strips: one place, so the key help and the handler agree. Pure.
import type { KeyPress } from './viewer-keys';

export type StripCommand = 'previousPage' | 'nextPage' | 'moveToPrevious' | 'moveToNext' | 'splitHere' | 'mergeWithNext';

/** Arrows walk the pages; Shift+arrows carry the page over the boundary; S and M split and merge. Alt and Ctrl stay the viewer's. */
export function stripCommand(press: KeyPress): StripCommand | undefined {
  if (press.altKey || press.ctrlKey || press.metaKey) return undefined;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key === 'ArrowLeft') return press.shiftKey ? 'moveToPrevious' : 'previousPage';
  if (key === 'ArrowRight') return press.shiftKey ? 'moveToNext' : 'nextPage';
  if (press.shiftKey) return undefined;
  if (key === 's') return 'splitHere';
  if (key === 'm') return 'mergeWithNext';
  return undefined;
}
