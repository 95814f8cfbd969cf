import { afterAll, describe, expect, it } from 'vitest';
import { type ParsedFile } from '../../../../src/engine/pipeline/document/parsed-document.js';
import { OcrPool } from '../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../../../../src/engine/pipeline/read/parse-file.js';
import { DEFAULT_PARSER_PARAMS } from '../../../../src/engine/store/file-store.js';
import { CONVENTIONS } from '../../../../bench/layouts/conventions.js';
import { KEPT_OUT_FAMILIES, LAYOUT_FAMILIES } from '../../../../bench/layouts/families.js';
import { generateDocument } from '../../../../bench/layouts/generate-document.js';
import type { Place, Printing, RenderedTruth } from '../../../../bench/layouts/layout-document.js';
import { formatDate } from '../../../../bench/layouts/locale-format.js';
import { renderTextPdf, TEXT_PDF_DPI } from '../../../../bench/layouts/render-document.js';
import { sameAs, type ValueKind } from '../../../../bench/real-documents/compare-values.js';
import { INVOICE_FIELDS, LINE_COLUMNS } from '../../../../bench/real-documents/invoice-category.js';
import type { InvoiceKey } from '../../../../bench/real-documents/invoice-set.js';
import { RECEIPT_CATEGORY } from '../../../../bench/real-documents/receipt-category.js';

// A key as einvoice-dev's hold them (an XML's exact values): every other generated invoice prints one.
const KEY: InvoiceKey = {
  invoice_number: '471102', issue_date: '2018-03-05', due_date: '2018-04-04', currency: 'EUR',
  seller: { name: 'Lieferant GmbH', street: 'Lieferantenstraße 20', postcode: '80333', city: 'München', country: 'DE', vat_id: 'DE123456789' },
  buyer: { name: 'Kunden AG Mitte', street: 'Kundenstraße 15', postcode: '69876', city: 'Frankfurt', country: 'DE', vat_id: null },
  net_total: 473, tax_total: 56.87, grand_total: 529.87, due_payable: 529.87,
  lines: [{ name: 'Trennblätter A4', quantity: 20, unit_price: 9.9, amount: 198, tax_rate: 19 }, { name: 'Joghurt Banane', quantity: 50, unit_price: 5.5, amount: 275, tax_rate: 7 }],
  printed: {},
};

const reader = new OcrPool();
afterAll(() => reader.close());

const KIND_OF_FIELD: Record<string, ValueKind> = {
  ...Object.fromEntries(INVOICE_FIELDS.map((f) => [f.name, f.kind])),
  ...Object.fromEntries(RECEIPT_CATEGORY.fields.map((f) => [f.name, f.name === 'Date' ? 'date' : f.name === 'Total' ? 'amount' : 'text'])),
  [LINE_COLUMNS.name]: 'text',
  [LINE_COLUMNS.unit_price]: 'amount',
  [LINE_COLUMNS.amount]: 'amount',
};

/** A quantity or rate as the page prints it ("1,5", "19 %"). */
const numberIn = (text: string) => Number(text.replace(/[^\d,.-]/g, '').replace(',', '.'));

/** The date in one of the patterns some country prints (the bench's parser does not read "7 de julio de 2025"). */
const printsDate = (iso: string, text: string) =>
  Object.values(CONVENTIONS).some((c) => c.dates.some((date) => formatDate(iso, { decimal: c.decimal, group: '', sign: '', signAfter: false, date, language: c.language }) === text));

/** The printed text means the value: a date in its country's order, an amount, a country's name, the name itself. */
function means(column: string, value: string, text: string): boolean {
  if (column === LINE_COLUMNS.quantity || column === LINE_COLUMNS.tax_rate) return numberIn(text) === Number(value);
  return sameAs(KIND_OF_FIELD[column]!, value, text) || (KIND_OF_FIELD[column] === 'date' && printsDate(value, text));
}

const plain = (text: string) => text.replace(/\s/g, ' ');

/**
 * The part's box lies on its characters as the engine reads the PDF. The engine spreads a run's width
 * over its characters by typical widths, so its boxes are estimates: the centres may differ by up to
 * the text's height on a long run.
 */
function liesOn(parsed: ParsedFile, part: Printing): boolean {
  const [left, top, right, bottom] = part.box;
  return parsed.document.pages[0]!.lines.some((line) => {
    const text = plain(line.text);
    for (let at = text.indexOf(plain(part.text)); at >= 0; at = text.indexOf(plain(part.text), at + 1)) {
      const chars = line.charPositions.slice(at, at + part.text.length);
      const [x0, y0, x1, y1] = [Math.min(...chars.map((c) => c[0]!)), Math.min(...chars.map((c) => c[1]!)), Math.max(...chars.map((c) => c[2]!)), Math.max(...chars.map((c) => c[5]!))];
      const vertical = Math.min(y1, bottom) - Math.max(y0, top) > 0.5 * (bottom - top);
      if (vertical && Math.abs((x0 + x1) / 2 - (left + right) / 2) <= Math.max((right - left) / 2, bottom - top)) return true;
    }
    return false;
  });
}

/** Every place whose text does not mean its value or whose boxes do not lie on it. */
function misplaced(truth: RenderedTruth, parsed: ParsedFile): string[] {
  const wrong: string[] = [];
  const check = (what: string, value: string | undefined, place: Place) => {
    const text = place.parts.map((p) => p.text).join(' ');
    if (value !== undefined && !means(what, value, text)) wrong.push(`${what} ${value} printed as ${text}`);
    for (const part of place.parts) if (!liesOn(parsed, part)) wrong.push(`${what} ${part.text} not at ${part.box.join(',')}`);
  };
  for (const [name, v] of Object.entries(truth.fields)) for (const place of v.at) check(name, v.value, place);
  for (const line of truth.lines) for (const [column, v] of Object.entries(line)) for (const place of v.at) check(column, v.value, place);
  for (const decoy of truth.decoys) for (const place of decoy.at) check(decoy.what, undefined, place);
  return wrong;
}

describe('layout families', () => {
  it('has at least 8 invoice and 2 receipt families, some kept out of every fit', () => {
    expect(LAYOUT_FAMILIES.filter((f) => f.kind === 'invoice').length).toBeGreaterThanOrEqual(8);
    expect(LAYOUT_FAMILIES.filter((f) => f.kind === 'receipt').length).toBeGreaterThanOrEqual(2);
    expect(KEPT_OUT_FAMILIES.every((name) => LAYOUT_FAMILIES.some((f) => f.name === name))).toBe(true);
  });

  it('makes the same document, byte for byte, from the same seed and index', async () => {
    for (const family of LAYOUT_FAMILIES.filter((_, i) => i % 4 === 0)) {
      const [a, b] = await Promise.all([renderTextPdf(generateDocument(family, 11, 3)), renderTextPdf(generateDocument(family, 11, 3))]);
      expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
      expect(a.truth).toEqual(b.truth);
      expect((await renderTextPdf(generateDocument(family, 12, 3))).truth).not.toEqual(a.truth);
    }
  });

  it.each(LAYOUT_FAMILIES.map((f) => [f.name, f] as const))('%s: every value is printed where its truth says, as the engine reads the text PDF', async (_, family) => {
    for (const index of [0, 1]) {
      const { bytes, truth } = await renderTextPdf(generateDocument(family, 5, index, [KEY]));
      if (index === 1 && family.kind === 'invoice' && !family.countries.includes('CN')) expect(truth.fields['Invoice number']?.value).toBe(KEY.invoice_number);
      const parsed = await parseFile('pdf', bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader });
      expect(TEXT_PDF_DPI).toBe(DEFAULT_PARSER_PARAMS.dpi);
      expect(Object.keys(truth.fields).every((name) => name in KIND_OF_FIELD)).toBe(true);
      expect(truth.fields[family.kind === 'receipt' ? 'Total' : 'Invoice number']).toBeDefined();
      expect(misplaced(truth, parsed)).toEqual([]);
    }
  });
});
