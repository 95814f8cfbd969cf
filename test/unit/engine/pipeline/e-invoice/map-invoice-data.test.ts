import { describe, expect, it } from 'vitest';
import { DISAGREEING } from '../../../../../src/engine/pipeline/e-invoice/map-invoice-data.js';
import { extractCategory } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import { grid, textDocument } from '../document-fixture.js';
import { invoiceCategory, sampleInvoice } from './invoice-fixture.js';
import { starterCategories } from '../../../../../src/engine/starter/starter-categories.js';
import { fieldModel } from '../document-fixture.js';

const printed = [
  'Nordlicht Werkstatt GmbH',
  'Hafenweg 4, 20457 Hamburg',
  'USt-IdNr. DE811234567',
  '',
  'Rechnung RE-2024-117        Datum 05.03.2024',
  grid([24, 8, 12, 10], [
    ['Beschreibung', 'Menge', 'Einzelpreis', 'Betrag'],
    ['Wartung Heizung', '2', '75,00', '150,00'],
    ['Ersatzteil Pumpe', '1', '200,00', '200,00'],
  ]),
  'Netto 350,00   MwSt 19% 66,50   Gesamt 416,50',
].join('\n');

const byKey = <T extends { key: string }>(fields: T[]) => new Map(fields.map((f) => [f.key, f]));

describe('withInvoiceData: invoice data onto a category', () => {
  it("fills a 数电票's kind, 开票人 and 备注 from its XML into the starter VAT invoice category", () => {
    const vat = starterCategories('en').find((c) => c.name === 'VAT invoice')!;
    const data = sampleInvoice({ syntax: 'EInvoice', kind: 'special', drawer: '王五', remark: '合同编号：HT-2025-0001', currency: 'CNY' });
    const document = { ...textDocument('电子发票（增值税专用发票）', '备  合同编号：HT-2025-0001', '注', '开票人：王五'), invoice: { data, page: 'original' as const } };
    const fields = byKey(extractCategory(document, { fields: vat.fields.map((f) => fieldModel(f)), tables: [] }, { applyMerge: true }).fields);
    expect(['Invoice kind', 'Drawer', 'Remark'].map((k) => [fields.get(k)?.value, fields.get(k)?.confidence])).toEqual([
      ['专用发票', 1],
      ['王五', 1],
      ['合同编号：HT-2025-0001', 1],
    ]);
  });

  it('fills every field whose role the data answers at confidence 1, placed where the page prints it', () => {
    const document = { ...textDocument(printed), invoice: { data: sampleInvoice(), page: 'original' as const } };
    const fields = byKey(extractCategory(document, invoiceCategory(), { applyMerge: true }).fields);
    expect(fields.get('Invoice number')).toMatchObject({ value: 'RE-2024-117', confidence: 1 });
    expect(fields.get('Seller name')).toMatchObject({ value: 'Nordlicht Werkstatt GmbH', confidence: 1 });
    expect(fields.get('Seller address')?.value).toBe('Hafenweg 4, 20457 Hamburg, DE');
    expect(fields.get('Seller tax ID')?.value).toBe('DE811234567');
    expect(fields.get('Buyer name')?.value).toBe('Bergblick Hotel KG');
    expect(fields.get('Due date')?.value).toBe('2024-04-04');
    expect(fields.get('Subtotal')?.value).toBe('350.00');
    expect(fields.get('Tax')?.value).toBe('66.50');
    expect(fields.get('Total')?.value).toBe('416.50');
    expect(fields.get('Currency')?.value).toBe('EUR');
    // Rows from 0: the totals are on row 8, the number on row 4.
    const line = (row: number) => 40 + row * 40;
    expect(fields.get('Total')!.position[0]!.vertices[1]).toBe(line(8));
    expect(fields.get('Invoice number')!.position[0]!.vertices[1]).toBe(line(4));
    // The seller's street and city are two places on the page; the buyer is not printed at all.
    expect(fields.get('Seller address')!.position).toHaveLength(2);
    expect(fields.get('Buyer name')!.position).toEqual([]);
  });

  it('puts the lines into the line-item table by column, each cell on its printed row', () => {
    const document = { ...textDocument(printed), invoice: { data: sampleInvoice(), page: 'original' as const } };
    const [table] = extractCategory(document, invoiceCategory(), { applyMerge: true }).tables;
    expect(table!.items.map((row) => row.map((c) => c.value))).toEqual([
      ['Wartung Heizung', '2', '75.00', '150.00'],
      ['Ersatzteil Pumpe', '1', '200.00', '200.00'],
    ]);
    expect(table!.items.flat().every((c) => c.confidence === 1)).toBe(true);
    const rowTops = table!.items.map((row) => row.map((c) => c.position[0]?.vertices[1]));
    expect(rowTops).toEqual([[280, 280, 280, 280], [320, 320, 320, 320]]);
  });

  it('uses the positions a reader gives over a search of the page', () => {
    const at = { page: 0, vertices: [1, 2, 3, 2, 3, 4, 1, 4] };
    const document = { ...textDocument(printed), invoice: { data: sampleInvoice(), page: 'drawn' as const, placements: { number: [at] } } };
    const fields = byKey(extractCategory(document, invoiceCategory(), { applyMerge: true }).fields);
    expect(fields.get('Invoice number')!.position).toEqual([at]);
  });

  it('leaves a document without invoice data to the page reading', () => {
    const fields = byKey(extractCategory(textDocument(printed), invoiceCategory(), { applyMerge: true }).fields);
    expect(fields.get('Total')!.confidence).toBeLessThan(1);
  });
});

describe('withInvoiceData: a printed page that disagrees with the XML', () => {
  it("keeps the XML's value and marks the field at the printed amount, below the desk's threshold", () => {
    const at = { page: 0, vertices: [600, 360, 720, 360, 720, 400, 600, 400] };
    const disagreements = [{ path: 'total', printed: '461,50', given: '416.50', position: at }];
    const document = { ...textDocument(printed), invoice: { data: sampleInvoice(), page: 'original' as const, disagreements } };
    const fields = byKey(extractCategory(document, invoiceCategory(), { applyMerge: true }).fields);
    expect(fields.get('Total')).toMatchObject({ value: '416.50', confidence: DISAGREEING, position: [at] });
    expect(DISAGREEING).toBeLessThan(0.8);
    expect(fields.get('Subtotal')!.confidence).toBe(1);
  });
});
