import { describe, expect, it } from 'vitest';
import { reasoningSegments } from '../../../../src/renderer/features/review/reasoning-segments';
import { referencedFieldsOf } from '../../../../src/renderer/features/review/referenced-fields';

describe('reasoning with anchors', () => {
  it('cuts the reasoning into text and anchored spans, in order', () => {
    const text = 'Amount 10.00 plus tax 1.30 is not 12.00';
    const anchors = [
      { start_pos: 22, end_pos: 26 },
      { start_pos: 7, end_pos: 12 },
    ];
    expect(reasoningSegments(text, anchors)).toEqual([
      { text: 'Amount ' },
      { text: '10.00', anchor: 1 },
      { text: ' plus tax ' },
      { text: '1.30', anchor: 0 },
      { text: ' is not 12.00' },
    ]);
  });

  it('clips overlapping and out-of-range anchors and leaves empty ones out', () => {
    const text = 'abcdef';
    expect(reasoningSegments(text, [{ start_pos: 1, end_pos: 4 }, { start_pos: 2, end_pos: 5 }, { start_pos: 5, end_pos: 99 }, { start_pos: 3, end_pos: 3 }])).toEqual([
      { text: 'a' },
      { text: 'bcd', anchor: 0 },
      { text: 'e', anchor: 1 },
      { text: 'f', anchor: 2 },
    ]);
    expect(reasoningSegments('', [{ start_pos: 0, end_pos: 3 }])).toEqual([]);
  });
});

describe('referenced fields', () => {
  it('groups picked fields by category, table fields under their table, each once', () => {
    const picks = [
      { categoryId: 'c1', categoryName: 'Invoice', fieldId: 'f1', fieldName: 'Total' },
      { categoryId: 'c1', categoryName: 'Invoice', table: { id: 't1', name: 'Lines' }, fieldId: 'f9', fieldName: 'Amount' },
      { categoryId: 'c1', categoryName: 'Invoice', fieldId: 'f1', fieldName: 'Total' },
      { categoryId: 'c2', categoryName: 'Receipt', fieldId: 'f5', fieldName: 'Total' },
    ];
    expect(referencedFieldsOf(picks)).toEqual([
      { category_id: 'c1', category_name: 'Invoice', fields: [{ field_id: 'f1', field_name: 'Total' }], tables: [{ table_id: 't1', table_name: 'Lines', fields: [{ field_id: 'f9', field_name: 'Amount' }] }] },
      { category_id: 'c2', category_name: 'Receipt', fields: [{ field_id: 'f5', field_name: 'Total' }], tables: [] },
    ]);
  });
});
