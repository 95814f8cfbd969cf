import { describe, expect, it } from 'vitest';
import { diffEditable, editableHash, editableOf, sameEditable, withEditable } from '../../../../../src/main/core/sync/editable-data.js';

const box = [{ page: 0, vertices: [1, 2, 3, 2, 3, 4, 1, 4] }];

describe('editable data', () => {
  it('compares what a clerk edits: keys, values, positions and rows, not identifiers', () => {
    const a = editableOf({ fields: [{ key: 'Total', identifier: 'total', value: '1', position: box }], items: [[{ key: 'Item', value: 'Pen', position: [] }]] });
    const b = editableOf({ fields: [{ key: 'Total', value: '1', position: box }], items: [[{ key: 'Item', value: 'Pen' }]] });
    expect(sameEditable(a, b)).toBe(true);
    expect(editableHash(a)).toBe(editableHash(b));
    expect(sameEditable(a, editableOf({ ...b, fields: [{ key: 'Total', value: '2', position: box }] }))).toBe(false);
    expect(sameEditable(a, editableOf({ ...b, fields: [{ key: 'Total', value: '1', position: [] }] }))).toBe(false);
    expect(sameEditable(a, editableOf({ ...b, items: [] }))).toBe(false);
  });

  it('lists what changed, field by field, and the table rows as a whole', () => {
    const before = editableOf({ fields: [{ key: 'Total', value: '1', position: [] }, { key: 'Vendor', value: 'ACME', position: [] }], items: [] });
    const after = editableOf({ fields: [{ key: 'Total', value: '2', position: [] }, { key: 'Date', value: '2026-01-01', position: [] }], items: [[{ key: 'Item', value: 'Pen', position: [] }]] });
    expect(diffEditable(before, after)).toEqual([
      { key: 'Total', before: '1', after: '2' },
      { key: 'Date', before: null, after: '2026-01-01' },
      { key: 'Vendor', before: 'ACME', after: null },
      { key: '(table rows)', before: '0 rows', after: '1 rows' },
    ]);
    expect(diffEditable(before, before)).toEqual([]);
  });

  it('replaces fields and rows of a file, leaving tables, stamps and the invoice result', () => {
    const data = { fields: [], items: [], tables: [{ tableName: 'Lines', items: [] }], stamps: [], handwritings: [], invoiceVerifyResult: { invoiceVerifyStatus: 1 } };
    const next = withEditable(data, editableOf({ fields: [{ key: 'Total', value: '3', position: [] }], items: [] }));
    expect(next).toMatchObject({ fields: [{ key: 'Total', value: '3', identifier: '' }], tables: [{ tableName: 'Lines' }], invoiceVerifyResult: { invoiceVerifyStatus: 1 } });
  });
});
