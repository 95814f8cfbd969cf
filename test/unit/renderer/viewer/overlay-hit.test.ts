import { describe, expect, it } from 'vitest';
import type { OverlayBox, OverlayTarget } from '../../../../src/renderer/features/viewer/overlay-boxes';
import { boxAt } from '../../../../src/renderer/features/viewer/overlay-hit';

const box = (id: string, kind: OverlayBox['kind'], left: number, top: number, width: number, height: number, target?: OverlayTarget): OverlayBox => ({
  id,
  kind,
  page: 0,
  rect: { left, top, width, height },
  tone: 'unknown',
  label: id,
  ...(target ? { target } : {}),
});

describe('the box under a point', () => {
  const total = box('field-0-0', 'field', 100, 100, 200, 40, { field: 0 });
  const inner = box('field-1-0', 'field', 120, 110, 50, 20, { field: 1 });
  const cell = box('cell-0-0-0', 'cell', 400, 100, 80, 30, { cell: [0, 0] });
  const otherTable = box('table-1-0-0-0', 'cell', 100, 90, 400, 80);
  const stamp = box('stamp-0', 'stamp', 90, 90, 20, 20);
  const boxes = [total, inner, cell, otherTable, stamp];

  it('finds the box holding the point, edges included', () => {
    expect(boxAt(boxes, { x: 250, y: 120 })?.id).toBe('field-0-0');
    expect(boxAt(boxes, { x: 300, y: 140 })?.id).toBe('field-0-0');
    expect(boxAt(boxes, { x: 440, y: 115 })?.id).toBe('cell-0-0-0');
  });

  it('finds nothing away from every box', () => {
    expect(boxAt(boxes, { x: 10, y: 10 })).toBeUndefined();
    expect(boxAt(boxes, { x: 250, y: 300 })).toBeUndefined();
    expect(boxAt([], { x: 0, y: 0 })).toBeUndefined();
  });

  it('takes the smallest of nested boxes, so a box inside another stays reachable', () => {
    expect(boxAt(boxes, { x: 140, y: 120 })?.id).toBe('field-1-0');
    expect(boxAt([inner, total], { x: 140, y: 120 })?.id).toBe('field-1-0');
  });

  it('puts fields on top of smaller stamps and of cells the clerk cannot edit', () => {
    expect(boxAt(boxes, { x: 105, y: 105 })?.id).toBe('field-0-0');
    expect(boxAt(boxes, { x: 95, y: 95 })?.id).toBe('stamp-0');
    expect(boxAt(boxes, { x: 490, y: 150 })?.id).toBe('table-1-0-0-0');
  });

  it('puts an editable cell on top of a smaller box nobody can act on', () => {
    const note = box('handwriting-0-0', 'handwriting', 410, 105, 10, 10);
    expect(boxAt([cell, note], { x: 415, y: 110 })?.id).toBe('cell-0-0-0');
  });
});
