import { describe, expect, it } from 'vitest';
import { viewerCommand } from '../../../../src/renderer/features/viewer/viewer-keys';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('viewer keys', () => {
  it('maps the keyboard to commands', () => {
    expect(viewerCommand(press('z', { ctrlKey: true }))).toBe('undo');
    expect(viewerCommand(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(viewerCommand(press('y', { metaKey: true }))).toBe('redo');
    expect(viewerCommand(press('s', { ctrlKey: true }))).toBe('save');
    expect(viewerCommand(press('PageDown', { altKey: true }))).toBe('nextPage');
    expect(viewerCommand(press('R', { altKey: true }))).toBe('rotate');
    expect(viewerCommand(press('ArrowRight', { altKey: true }))).toBe('nextDocument');
    expect(viewerCommand(press('Enter', { altKey: true }))).toBe('markDone');
    // Plain keys belong to the inputs.
    expect(viewerCommand(press('z'))).toBeUndefined();
    expect(viewerCommand(press('Enter'))).toBeUndefined();
    expect(viewerCommand(press('PageDown'))).toBeUndefined();
    expect(viewerCommand(press('z', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });
});
