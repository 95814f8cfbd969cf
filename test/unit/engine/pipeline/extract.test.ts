import { describe, expect, it } from 'vitest';
import { CONFIDENCE, extractCategory, extractFields, fieldSpecOf, modelUsed, tableResult } from '../../../../src/engine/pipeline/extract.js';
import { parseText } from '../../../../src/engine/pipeline/parse-text.js';
import type { FieldModel, TableModel } from '../../../../src/engine/store/category-models.js';

const documentOf = (text: string) => parseText(new TextEncoder().encode(text)).document;
const spec = (name: string, definition: Parameters<typeof fieldSpecOf>[0]['definition'] = {}) => fieldSpecOf({ name, definition });

describe('extractFields', () => {
  it('reads the value after a label and a colon, with the box of the value text', () => {
    const [field] = extractFields(documentOf('Invoice Number: INV-2026-0042'), [spec('Invoice Number', { identity: 'invoice_no' })]);
    expect(field).toEqual({
      key: 'Invoice Number',
      identifier: 'invoice_no',
      value: 'INV-2026-0042',
      confidence: CONFIDENCE.nameWithColon,
      // 16 characters of label and separator at 20 px each, from the 40 px margin.
      position: [{ page: 0, vertices: [360, 40, 620, 40, 620, 80, 360, 80] }],
    });
  });

  it('scores aliases and bare labels lower, and takes the next line when the rest is empty', () => {
    const doc = documentOf('Bill No：B-7\nTotal Amount 12.00\nDue Date:\n2026-05-01');
    const fields = extractFields(doc, [spec('Invoice Number', { alias: ['Bill No'] }), spec('Total Amount'), spec('Due Date')]);
    expect(fields.map((f) => [f.value, f.confidence])).toEqual([
      ['B-7', CONFIDENCE.aliasWithColon],
      ['12.00', CONFIDENCE.noSeparator],
      ['2026-05-01', CONFIDENCE.nameWithColon],
    ]);
    expect(fields[2]!.position).toEqual([{ page: 0, vertices: doc.pages[0]!.lines[3]!.position }]);
  });

  it('prefers the most certain match and reports a missing field empty', () => {
    const doc = documentOf('Total 1\nTotal: 2\nSubtotal: 3');
    const [total, missing] = extractFields(doc, [spec('Total'), spec('Tax')]);
    expect(total!.value).toBe('2');
    expect(missing).toEqual({ key: 'Tax', identifier: '', value: '', position: [], confidence: 0 });
  });

  it('collects every match of a multi-value field, distinct when asked', () => {
    const doc = documentOf('Item: pen\nItem: ink\nItem: pen');
    expect(extractFields(doc, [spec('Item', { multi_value: true })]).map((f) => f.value)).toEqual(['pen', 'ink', 'pen']);
    expect(extractFields(doc, [spec('Item', { multi_value: true, duplicate_value_distinct: true })]).map((f) => f.value)).toEqual(['pen', 'ink']);
  });

  it('needs a separator after the label', () => {
    expect(extractFields(documentOf('Totalling: 5'), [spec('Total')])[0]!.value).toBe('');
  });
});

describe('extractCategory', () => {
  const field = (name: string, enabled = 1): FieldModel => ({ id: name, name, definition: { name }, enabled, extractModel: 'Auto' });
  const table = (name: string, extractModel: string): TableModel => ({ id: name, name, description: '', prompt: '', collectFromMultiTable: false, extractModel, fields: [] });

  it('extracts the enabled fields and reports each configured table with the model used', () => {
    const data = extractCategory(documentOf('Total: 5\nTax: 1'), { fields: [field('Total'), field('Tax', 0)], tables: [table('Lines', 'Auto'), table('Taxes', 'DF-M1')] });
    expect(data.fields.map((f) => f.key)).toEqual(['Total']);
    expect(data.tables).toEqual([
      { tableName: 'Lines', tableType: '0', extractModel: 'Acgpt', configModel: 'Auto', items: [] },
      { tableName: 'Taxes', tableType: '0', extractModel: 'DF-M1', configModel: 'DF-M1', items: [] },
    ]);
    expect(modelUsed('Auto')).toBe('Acgpt');
    expect(tableResult('Extra', 'Acgpt-VL', '1').tableType).toBe('1');
  });
});
