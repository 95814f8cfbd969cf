import { describe, expect, it } from 'vitest';
import { stripCommand } from '../../../../src/renderer/features/viewer/split-keys';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('split strip keys', () => {
  it('walks the pages with the arrows and carries a page over a boundary with Shift', () => {
    expect(stripCommand(press('ArrowLeft'))).toBe('previousPage');
    expect(stripCommand(press('ArrowRight'))).toBe('nextPage');
    expect(stripCommand(press('ArrowLeft', { shiftKey: true }))).toBe('moveToPrevious');
    expect(stripCommand(press('ArrowRight', { shiftKey: true }))).toBe('moveToNext');
  });

  it('splits with S and merges with M, either case', () => {
    expect(stripCommand(press('s'))).toBe('splitHere');
    expect(stripCommand(press('S'))).toBe('splitHere');
    expect(stripCommand(press('m'))).toBe('mergeWithNext');
    expect(stripCommand(press('S', { shiftKey: true }))).toBeUndefined();
  });

  it('leaves Alt and Ctrl keys to the viewer (Alt+arrows move between queued documents)', () => {
    expect(stripCommand(press('ArrowRight', { altKey: true }))).toBeUndefined();
    expect(stripCommand(press('s', { ctrlKey: true }))).toBeUndefined();
    expect(stripCommand(press('m', { metaKey: true }))).toBeUndefined();
    expect(stripCommand(press('Enter'))).toBeUndefined();
  });
});
