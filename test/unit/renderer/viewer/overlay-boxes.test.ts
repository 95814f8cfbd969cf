import { describe, expect, it } from 'vitest';
import { boxListOf, overlayBoxes, sameTarget } from '../../../../src/renderer/features/viewer/overlay-boxes';
import { draftOf } from '../../../../src/renderer/features/viewer/proofreading';

const quad = (l: number, t: number, r: number, b: number) => [l, t, r, t, r, b, l, b];

describe('overlay boxes', () => {
  const draft = draftOf({
    fields: [
      { key: 'Total', value: '10.00', position: [{ page: 0, vertices: quad(10, 20, 110, 40) }, { page: 1, vertices: quad(5, 5, 15, 15) }] },
      { key: 'Date', value: '', position: [{ page: 0, vertices: [] }] },
    ],
    items: [[{ key: 'Item', value: 'Desk', position: [{ page: 0, vertices: quad(0, 100, 50, 120) }] }]],
  });
  const data = {
    tables: [
      { tableName: 'Lines', items: [[{ key: 'Item', value: 'Desk', confidence: 0.5, position: [] }]] },
      { tableName: 'Other', items: [[{ key: 'X', value: 'y', confidence: 0.99, position: [{ page: 1, vertices: quad(1, 1, 2, 2) }] }]] },
    ],
    stamps: [{ page: 0, position: quad(300, 300, 400, 400), text: 'Paid' }],
    handwritings: [{ page: 1, text: 'ok', position: [{ page: 1, vertices: quad(7, 7, 9, 9) }] }],
  };

  it('gives every field, cell, stamp, handwriting and anchor a box on its page', () => {
    const boxes = overlayBoxes({ draft, confidence: [0.99, undefined], data, anchor: { page: 0, vertices: quad(1, 2, 3, 4) } });
    expect(boxes.map((b) => [b.id, b.kind, b.page])).toEqual([
      ['field-0-0', 'field', 0],
      ['field-0-1', 'field', 1],
      ['cell-0-0-0', 'cell', 0],
      ['table-1-0-0-0', 'cell', 1],
      ['stamp-0', 'stamp', 0],
      ['handwriting-0-0', 'handwriting', 1],
      ['anchor', 'anchor', 0],
    ]);
    expect(boxes[0]!.rect).toEqual({ left: 10, top: 20, width: 100, height: 20 });
    expect(boxes[0]!.target).toEqual({ field: 0 });
    expect(boxes[2]!.target).toEqual({ cell: [0, 0] });
    expect(boxes[3]!.target).toBeUndefined();
  });

  it('colours by confidence: the editable table takes it from the first recognised table', () => {
    const boxes = overlayBoxes({ draft, confidence: [0.99, undefined], data });
    expect(boxes.find((b) => b.id === 'field-0-0')!.tone).toBe('high');
    expect(boxes.find((b) => b.id === 'cell-0-0-0')!.tone).toBe('low');
    expect(boxes.find((b) => b.id === 'table-1-0-0-0')!.tone).toBe('high');
  });

  it('labels boxes with their text, markup included, for tooltips shown as text', () => {
    const hostile = draftOf({ fields: [{ key: '<b>k</b>', value: '<img src=x onerror=alert(1)>', position: [{ page: 0, vertices: quad(0, 0, 1, 1) }] }], items: [] });
    expect(overlayBoxes({ draft: hostile, confidence: [], data: null })[0]!.label).toBe('<b>k</b>: <img src=x onerror=alert(1)>');
  });

  it('compares targets', () => {
    expect(sameTarget({ field: 1 }, { field: 1 })).toBe(true);
    expect(sameTarget({ field: 1 }, { cell: [1, 0] })).toBe(false);
    expect(sameTarget({ cell: [1, 2] }, { cell: [1, 2] })).toBe(true);
    expect(sameTarget(undefined, { field: 0 })).toBe(false);
  });

  it('lists every box with its page rect, for tests and tools', () => {
    const boxes = overlayBoxes({ draft, confidence: [], data: null });
    expect(boxListOf(boxes)).toBe('field-0-0:10,20,100,20 field-0-1:5,5,10,10 cell-0-0-0:0,100,50,20');
    expect(boxListOf([])).toBe('');
  });
});
