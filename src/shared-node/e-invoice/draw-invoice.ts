import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { AFRelationship, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceData, InvoiceParty } from './invoice-data.js';
import { money } from './money.js';
import { facturXLevelOf, makePdfA3 } from './pdf-a3.js';

/** A value drawn on the page: its path in InvoiceData, and its box in points from the page's top-left corner. */
export interface DrawnValue {
  path: string;
  page: number;
  box: [left: number, top: number, right: number, bottom: number];
}

export interface DrawnInvoice {
  /** The drawn PDF, carrying the XML it was drawn from as its Factur-X attachment. */
  pdf: Uint8Array;
  /** Page size in points. */
  size: [width: number, height: number];
  values: DrawnValue[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const SIZE = { title: 18, heading: 10, text: 9 } as const;
const LEADING = 1.45;
const GREY = rgb(0.35, 0.35, 0.35);

// Liberation Sans (pdf.js ships it beside its standard fonts): Latin, Greek and Cyrillic, the scripts
// of EN 16931 invoices; embedded as a subset, so the drawn page reads the same everywhere.
const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;
const fontBytes = () => (fonts ??= Promise.all([readFile(join(FONT_DIR, 'LiberationSans-Regular.ttf')), readFile(join(FONT_DIR, 'LiberationSans-Bold.ttf'))]));

/** Writes text down A4 pages, a new page when one is full, and keeps where each value went. */
class Sheet {
  readonly values: DrawnValue[] = [];
  private page!: PDFPage;
  private pageIndex = -1;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pageIndex++;
    this.y = MARGIN;
  }

  /** Room for `height` points more on this page, else a new one. */
  need(height: number): void {
    if (this.y + height > A4[1] - MARGIN) this.newPage();
  }

  /** One line of text with its top at `top` (default: the cursor); right-aligned at x when asked. */
  text(text: string, x: number, options: { size?: number; bold?: boolean; path?: string; right?: boolean; top?: number; grey?: boolean } = {}): void {
    const size = options.size ?? SIZE.text;
    const font = options.bold ? this.bold : this.regular;
    const width = font.widthOfTextAtSize(text, size);
    const left = options.right ? x - width : x;
    const top = options.top ?? this.y;
    this.page.drawText(text, { x: left, y: A4[1] - top - size, size, font, color: options.grey ? GREY : rgb(0, 0, 0) });
    if (options.path) this.values.push({ path: options.path, page: this.pageIndex, box: [left, top, left + width, top + size * 1.2] });
  }

  /** Text broken into lines no wider than `width`; answers the lines. */
  wrap(text: string, width: number, size: number = SIZE.text): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.regular.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    return line ? [...lines, line] : lines;
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: A4[1] - this.y }, end: { x: A4[0] - MARGIN, y: A4[1] - this.y }, thickness: 0.5, color: GREY });
  }

  down(lines: number, size: number = SIZE.text): void {
    this.y += lines * size * LEADING;
  }
}

/**
 * A readable page of an invoice given as XML alone: title, number and dates, both parties, the
 * lines, the tax breakdown and totals, payment. Every value is drawn as its own text so that the
 * page's reading places it; the PDF carries the XML (relationship Alternative) and is a PDF/A-3 (b),
 * with the Factur-X metadata when the XML is CII (pdf-a3.ts).
 */
export async function drawInvoice(data: InvoiceData, xml: { name: string; bytes: Uint8Array }): Promise<DrawnInvoice> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await fontBytes();
  const sheet = new Sheet(doc, await doc.embedFont(regularBytes, { subset: true }), await doc.embedFont(boldBytes, { subset: true }));
  header(sheet, data);
  parties(sheet, data);
  lines(sheet, data);
  totals(sheet, data);
  payment(sheet, data);
  const created = new Date();
  await doc.attach(xml.bytes, xml.name, { mimeType: 'text/xml', description: 'Invoice data (EN 16931)', afRelationship: AFRelationship.Alternative, creationDate: created, modificationDate: created });
  const title = `${data.creditNote ? 'Credit note' : 'Invoice'} ${data.number}`.trim();
  makePdfA3(doc, { title, created, xml: xml.bytes, facturX: data.syntax === 'CII' ? { fileName: xml.name, level: facturXLevelOf(data.guideline) } : undefined });
  return { pdf: await doc.save({ useObjectStreams: false }), size: A4, values: sheet.values };
}

const RIGHT = A4[0] - MARGIN;
const LABEL_WIDTH = 50;

function header(sheet: Sheet, d: InvoiceData): void {
  sheet.text(d.creditNote ? 'Credit note' : 'Invoice', MARGIN, { size: SIZE.title, bold: true });
  sheet.down(1, SIZE.title);
  const rows: [string, string | undefined, string][] = [
    ['Number', d.number, 'number'],
    ['Issue date', d.issueDate, 'issueDate'],
    ['Due date', d.dueDate, 'dueDate'],
    ['Currency', d.currency, 'currency'],
  ];
  for (const [label, value, path] of rows) {
    if (!value) continue;
    sheet.text(`${label}:`, MARGIN, { grey: true });
    sheet.text(value, MARGIN + 80, { path });
    sheet.down(1);
  }
  sheet.down(1);
}

function parties(sheet: Sheet, d: InvoiceData): void {
  const top = sheet.y;
  const left = party(sheet, 'Seller', 'seller', d.seller, MARGIN, top);
  const right = party(sheet, 'Buyer', 'buyer', d.buyer, A4[0] / 2 + 8, top);
  sheet.y = Math.max(left, right);
  sheet.down(1);
}

/** A party's block from `top`; answers where it ends. */
function party(sheet: Sheet, title: string, path: 'seller' | 'buyer', p: InvoiceParty, x: number, top: number): number {
  let y = top;
  const line = (text: string | undefined, at?: string, options: { bold?: boolean; label?: string } = {}) => {
    if (!text) return;
    if (options.label) sheet.text(options.label, x, { top: y, grey: true });
    sheet.text(text, x + (options.label ? LABEL_WIDTH : 0), { top: y, path: at, bold: options.bold });
    y += SIZE.text * LEADING;
  };
  line(title, undefined, { bold: true });
  for (const nameLine of sheet.wrap(p.name, A4[0] / 2 - MARGIN - 16)) line(nameLine, `${path}.name`);
  line(p.street, `${path}.street`);
  line(p.streetMore, `${path}.streetMore`);
  const city = [p.postcode, p.city].filter(Boolean).join(' ');
  line(city || undefined, `${path}.city`);
  line(p.country, `${path}.country`);
  line(p.vatId, `${path}.vatId`, { label: 'VAT ID' });
  line(p.taxNumber, `${path}.taxNumber`, { label: 'Tax no.' });
  line(p.phone, `${path}.phone`, { label: 'Phone' });
  return y;
}

// Columns of the line table: their right edges (numbers) or left edge (text), in points.
const COLUMNS = { description: MARGIN, quantity: 330, unit: 336, unitPrice: 440, amount: 510, taxRate: RIGHT } as const;

function lines(sheet: Sheet, d: InvoiceData): void {
  if (d.lines.length === 0) return;
  const head = () => {
    sheet.text('Description', COLUMNS.description, { bold: true });
    sheet.text('Qty', COLUMNS.quantity, { bold: true, right: true });
    sheet.text('Unit', COLUMNS.unit, { bold: true });
    sheet.text('Unit price', COLUMNS.unitPrice, { bold: true, right: true });
    sheet.text('Amount', COLUMNS.amount, { bold: true, right: true });
    sheet.text('Tax %', COLUMNS.taxRate, { bold: true, right: true });
    sheet.down(1);
    sheet.rule();
    sheet.down(0.4);
  };
  head();
  d.lines.forEach((line, i) => {
    const described = sheet.wrap(line.description || '-', COLUMNS.quantity - COLUMNS.description - 40);
    const before = sheet.y;
    sheet.need(described.length * SIZE.text * LEADING);
    if (sheet.y < before) head();
    const at = (key: string) => `lines.${i}.${key}`;
    if (line.quantity) sheet.text(line.quantity, COLUMNS.quantity, { right: true, path: at('quantity') });
    if (line.unit) sheet.text(line.unit, COLUMNS.unit, { path: at('unit') });
    if (line.unitPrice) sheet.text(money(line.unitPrice), COLUMNS.unitPrice, { right: true, path: at('unitPrice') });
    if (line.amount) sheet.text(money(line.amount), COLUMNS.amount, { right: true, path: at('amount') });
    if (line.taxRate) sheet.text(line.taxRate, COLUMNS.taxRate, { right: true, path: at('taxRate') });
    // A description over several lines is placed by each of its lines.
    described.forEach((text) => {
      sheet.text(text, COLUMNS.description, { path: at('description') });
      sheet.down(1);
    });
  });
  sheet.rule();
  sheet.down(1);
}

function totals(sheet: Sheet, d: InvoiceData): void {
  const rows: [string, string | undefined, string | undefined][] = [
    ['Net total', d.netTotal, 'netTotal'],
    ...d.taxes.map((t): [string, string, undefined] => [`Tax ${t.rate ?? ''}%${t.basis ? ` of ${money(t.basis)}` : ''}`, t.tax, undefined]),
    ['Tax total', d.taxTotal, 'taxTotal'],
    ['Total', d.total, 'total'],
    ['Amount due', d.amountDue, 'amountDue'],
  ];
  sheet.need(rows.length * SIZE.text * LEADING);
  for (const [label, value, path] of rows) {
    if (value === undefined) continue;
    const bold = path === 'amountDue';
    const currency = ` ${d.currency}`;
    sheet.text(label, COLUMNS.unitPrice, { right: true, bold });
    // The amount alone is the value: drawn and placed apart from its currency.
    sheet.text(money(value), RIGHT - (bold ? sheet.bold : sheet.regular).widthOfTextAtSize(currency, SIZE.text), { right: true, bold, path });
    sheet.text(currency, RIGHT, { right: true, bold });
    sheet.down(1);
  }
  sheet.down(1);
}

function payment(sheet: Sheet, d: InvoiceData): void {
  if (!d.paymentTerms && !d.iban) return;
  sheet.need(4 * SIZE.text * LEADING);
  sheet.text('Payment', MARGIN, { bold: true });
  sheet.down(1);
  if (d.iban) {
    sheet.text('IBAN:', MARGIN, { grey: true });
    sheet.text(d.iban, MARGIN + 80, { path: 'iban' });
    sheet.down(1);
  }
  const terms = sheet.wrap(d.paymentTerms ?? '', A4[0] - 2 * MARGIN);
  terms.forEach((text) => {
    sheet.text(text, MARGIN, { path: 'paymentTerms' });
    sheet.down(1);
  });
}
