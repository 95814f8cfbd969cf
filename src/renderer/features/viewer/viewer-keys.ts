// The viewer's keyboard map: one place, so the help text and the handler agree. Pure.

export type ViewerCommand =
  | 'undo'
  | 'redo'
  | 'save'
  | 'nextPage'
  | 'previousPage'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'rotate'
  | 'nextDocument'
  | 'previousDocument'
  | 'markDone';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export function viewerCommand(press: KeyPress): ViewerCommand | undefined {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (mod && !press.altKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 's') return 'save';
    return undefined;
  }
  if (!press.altKey || mod) return undefined;
  const byKey: Readonly<Record<string, ViewerCommand>> = {
    PageDown: 'nextPage',
    PageUp: 'previousPage',
    '=': 'zoomIn',
    '+': 'zoomIn',
    '-': 'zoomOut',
    '0': 'fit',
    r: 'rotate',
    ArrowRight: 'nextDocument',
    ArrowLeft: 'previousDocument',
    Enter: 'markDone',
  };
  return byKey[key];
}
