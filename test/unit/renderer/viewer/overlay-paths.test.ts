import { describe, expect, it } from 'vitest';
import type { OverlayBox } from '../../../../src/renderer/features/viewer/overlay-boxes';
import { overlayPaths, rectPath } from '../../../../src/renderer/features/viewer/overlay-paths';

const box = (id: string, kind: OverlayBox['kind'], tone: OverlayBox['tone'], left: number, top: number, width = 10, height = 5): OverlayBox => ({
  id,
  kind,
  page: 0,
  rect: { left, top, width, height },
  tone,
  label: id,
});

describe('overlay paths', () => {
  it('draws a rect as a closed subpath from its top-left corner', () => {
    expect(rectPath({ left: 1.5, top: 2, width: 30, height: 4 })).toBe('M1.5 2h30v4h-30z');
  });

  it('draws every box of one look in one path, the looks in the order of their first box', () => {
    const paths = overlayPaths([
      box('a', 'field', 'high', 0, 0),
      box('b', 'field', 'low', 20, 0),
      box('c', 'field', 'high', 40, 0),
      box('d', 'stamp', 'unknown', 60, 0),
      box('e', 'cell', 'high', 80, 0),
    ]);
    expect(paths).toEqual([
      { kind: 'field', tone: 'high', d: 'M0 0h10v5h-10zM40 0h10v5h-10z' },
      { kind: 'field', tone: 'low', d: 'M20 0h10v5h-10z' },
      { kind: 'stamp', tone: 'unknown', d: 'M60 0h10v5h-10z' },
      { kind: 'cell', tone: 'high', d: 'M80 0h10v5h-10z' },
    ]);
  });

  it('draws 500 boxes as a few paths', () => {
    const tones = ['high', 'medium', 'low'] as const;
    const boxes = Array.from({ length: 500 }, (_, i) => box(`field-${i}-0`, 'field', tones[i % 3]!, (i % 20) * 56, Math.floor(i / 20) * 62, 50, 30));
    const paths = overlayPaths(boxes);
    expect(paths).toHaveLength(3);
    expect(paths.reduce((n, path) => n + path.d.split('M').length - 1, 0)).toBe(500);
  });

  it('draws nothing for no boxes', () => {
    expect(overlayPaths([])).toEqual([]);
  });
});
