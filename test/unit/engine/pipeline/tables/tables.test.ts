import { describe, expect, it } from 'vitest';
import { extractCategory, tableSpecOf } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import { extractTable, modelUsed } from '../../../../../src/engine/pipeline/tables/extract-tables.js';
import type { FieldDefinition } from '../../../../../src/shared/api/index.js';
import { fieldModel, grid, tableModel, textDocument } from '../document-fixture.js';

const COLUMNS: FieldDefinition[] = [
  { name: 'Item', alias: ['货物或应税劳务名称'], identity: 'item' },
  { name: 'Quantity', alias: ['数量'] },
  { name: 'Amount', alias: ['金额'], transform_settings: { regex_settings: { match: String.raw`-?\d[\d,]*(?:\.\d+)?` } } },
];
const WIDTHS = [16, 8, 10, 10];
const lines = (table: ReturnType<typeof extractTable>['table']) => table.items.map((row) => row.map((cell) => cell.value));
const read = (document: ReturnType<typeof textDocument>, more: { collect?: boolean; applyMerge?: boolean } = {}) =>
  extractTable(document, tableSpecOf(tableModel('Lines', COLUMNS, { collectFromMultiTable: more.collect ?? false })), { applyMerge: more.applyMerge ?? true });

describe('extractTable', () => {
  const invoice = [
    'Seller: ACME',
    grid(WIDTHS, [
      ['货物或应税劳务名称', '数量', 'Spec', '金额'],
      ['Desk', '2', 'A1', '¥1000.00'],
      ['Office chair', '4', '', '¥520.00'],
      ['with arms', '', '', ''],
      ['合计', '', '', '¥1520.00'],
    ]),
    'Total: 1520.00',
  ].join('\n');

  it('finds the header by the column names and aliases, reads rows until the summary line, and answers cells in the configured order', () => {
    const { table, usedRows } = read(textDocument(invoice));
    expect(lines(table)).toEqual([
      ['Desk', '2', '1000.00'],
      ['Office chair with arms', '4', '520.00'],
    ]);
    expect(table).toMatchObject({ tableName: 'Lines', tableType: '0', extractModel: modelUsed('Auto'), configModel: 'Auto' });
    expect(usedRows).toEqual(['0:1', '0:2', '0:3', '0:4']);
  });

  it('gives each cell its key, identifier, row index, position and the lines of text it holds', () => {
    const desk = read(textDocument(invoice)).table.items[0]![0]!;
    // The third line of the page: y 120..160; "Desk" is 4 characters from the 40 px margin.
    expect(desk).toEqual({
      key: 'Item',
      identifier: 'item',
      value: 'Desk',
      index: 0,
      confidence: 0.9,
      position: [{ page: 0, vertices: [40, 120, 120, 120, 120, 160, 40, 160] }],
      textInLines: [{ angle: '0', page: 0, text: 'Desk', pos: [40, 120, 120, 120, 120, 160, 40, 160], char_pos: [0, 1, 2, 3].map((i) => [40 + 20 * i, 120, 60 + 20 * i, 120, 60 + 20 * i, 160, 40 + 20 * i, 160]) }],
    });
  });

  it('reads an empty cell as empty, with no position', () => {
    const document = textDocument(grid(WIDTHS, [['Item', 'Quantity', '', 'Amount'], ['Pen', '', '', '3.00'], ['Ink', '1', '', '4.00']]));
    expect(lines(read(document).table)).toEqual([
      ['Pen', '', '3.00'],
      ['Ink', '1', '4.00'],
    ]);
    expect(read(document).table.items[0]![1]).toMatchObject({ value: '', position: [], textInLines: [], confidence: 0 });
  });

  it('does not take a prose line that names two columns for a header', () => {
    expect(read(textDocument('The amount and quantity of each item are listed below for the record.\nPen  2  3.00')).table.items).toEqual([]);
  });
});

describe('tables over pages and several tables', () => {
  const header = ['Item', 'Quantity', '', 'Amount'];
  const page1 = `Order 1\n${grid(WIDTHS, [header, ['Pen', '1', '', '3.00'], ['Ink', '2', '', '4.00']])}`;
  const continued = grid(WIDTHS, [['Paper', '5', '', '9.00'], ['Glue', '1', '', '1.00']]);
  const repeated = grid(WIDTHS, [header, ['Paper', '5', '', '9.00']]);

  it('merges a table going on at the top of the next page when apply_merge is 1, with or without a repeated header', () => {
    expect(lines(read(textDocument(page1, continued)).table).map((r) => r[0])).toEqual(['Pen', 'Ink', 'Paper', 'Glue']);
    expect(lines(read(textDocument(page1, `Page 2 of 2\n${repeated}`)).table).map((r) => r[0])).toEqual(['Pen', 'Ink', 'Paper']);
    const paper = read(textDocument(page1, continued)).table.items[2]![0]!;
    expect(paper.position[0]!.page).toBe(1);
  });

  it('keeps pages apart when apply_merge is 0: a repeated header starts another table, headerless rows are not read', () => {
    expect(lines(read(textDocument(page1, continued), { applyMerge: false }).table).map((r) => r[0])).toEqual(['Pen', 'Ink']);
    expect(lines(read(textDocument(page1, repeated), { applyMerge: false }).table).map((r) => r[0])).toEqual(['Pen', 'Ink']);
    expect(lines(read(textDocument(page1, repeated), { applyMerge: false, collect: true }).table).map((r) => r[0])).toEqual(['Pen', 'Ink', 'Paper']);
  });

  it('collects the rows of every table on a page only with collect_from_multi_table', () => {
    const twoTables = `${page1}\nNotes: second delivery\n${repeated}`;
    expect(read(textDocument(twoTables)).table.items).toHaveLength(2);
    expect(lines(read(textDocument(twoTables), { collect: true }).table).map((r) => r[0])).toEqual(['Pen', 'Ink', 'Paper']);
    expect(read(textDocument(twoTables), { collect: true }).table.items.map((row) => row[0]!.index)).toEqual([0, 1, 2]);
  });
});

describe('extractCategory', () => {
  it('extracts enabled fields and tables, mirrors the first table as items, and reads no field value from a table row', () => {
    const document = textDocument([grid(WIDTHS, [['Item', 'Quantity', '', 'Amount'], ['Pen', '1', '', '7.00']]), 'Date: 2026-01-02'].join('\n'));
    const data = extractCategory(
      document,
      { fields: [fieldModel({ name: 'Date' }), fieldModel({ name: 'Amount' }), fieldModel({ name: 'Hidden' }, 0)], tables: [tableModel('Lines', COLUMNS.slice(0, 2)), tableModel('Other', [{ name: 'Code' }, { name: 'Name' }])] },
      { applyMerge: true },
    );
    // "Amount" heads a column: the cell under it belongs to the table, not to the field.
    expect(data.fields.map((f) => [f.key, f.value])).toEqual([
      ['Date', '2026-01-02'],
      ['Amount', ''],
    ]);
    expect(data.tables.map((t) => [t.tableName, t.items.length])).toEqual([
      ['Lines', 1],
      ['Other', 0],
    ]);
    expect(data.items).toEqual([data.tables[0]!.items[0]!.map((c) => ({ key: c.key, value: c.value, position: c.position }))]);
    expect(data).toMatchObject({ stamps: [], handwritings: [] });
  });
});
