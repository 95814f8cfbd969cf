import { printedVatId } from '../company-numbers.js';
import { formatDate } from '../locale-format.js';
import type { InvoicePage } from './invoice-page.js';
import { print, valueText, type Printed } from './print.js';

export type InfoStyle = 'column' | 'colon' | 'grid';
export type TitlePlace = 'left' | 'right' | 'centre' | 'with-number';

interface InfoRow {
  label: string;
  value: Printed;
}

const decoyText = (what: 'customer number' | 'order reference' | 'linked invoice number', text: string): Printed => ({ text, decoys: [{ what, part: text }] });

/** The document's numbers and dates, with the customer's number, an order reference and on a credit note the linked invoice. */
function infoRows(page: InvoicePage, options: { number: boolean; buyerVat: boolean }): InfoRow[] {
  const { labels, data, style, rng } = page;
  const { values } = data;
  const rows: InfoRow[] = [];
  if (options.number && values.invoice_number) rows.push({ label: data.linkedInvoice ? labels.creditNumber : labels.number, value: valueText('Invoice number', values.invoice_number, values.invoice_number) });
  if (values.issue_date) rows.push({ label: labels.date, value: valueText('Issue date', values.issue_date, formatDate(values.issue_date, style)) });
  if (rows.length === 2 && rng.chance(0.3)) rows.reverse();
  if (data.linkedInvoice) rows.push({ label: labels.linkedInvoice, value: decoyText('linked invoice number', data.linkedInvoice) });
  if (rng.chance(0.6)) rows.push({ label: labels.customerNo, value: decoyText('customer number', data.customerNo) });
  if (rng.chance(0.5)) rows.push({ label: labels.orderRef, value: decoyText('order reference', data.orderRef) });
  if (options.buyerVat && values.buyer.vat_id) {
    const printed = printedVatId(rng, values.buyer.vat_id);
    rows.push({ label: labels.customerVatId, value: valueText('Buyer VAT ID', values.buyer.vat_id, printed) });
  }
  if (values.due_date && rng.chance(0.8)) rows.push({ label: labels.dueDate, value: valueText('Due date', values.due_date, formatDate(values.due_date, style)) });
  if (values.currency && rng.chance(0.3)) rows.push({ label: labels.currency, value: valueText('Currency', values.currency, values.currency) });
  return rows;
}

/** Label and value rows from `x` to the right margin; answers the baseline under them. */
function columnRows(page: InvoicePage, rows: readonly InfoRow[], x: number, y: number, colon: boolean): number {
  const pitch = page.size * 1.4;
  const valueRight = page.rng.chance(0.5);
  const labelWidth = Math.max(...rows.map((r) => page.sheet.measure(r.label, page.size))) + 10;
  rows.forEach((row, i) => {
    const at = y + i * pitch;
    if (colon) return void print(page, { ...row.value, text: `${row.label}: ${row.value.text}`, marks: row.value.marks?.map((m) => ({ ...m, from: row.label.length + 2 })) }, x, at, page.size);
    print(page, { text: row.label }, x, at, page.size);
    print(page, row.value, valueRight ? page.right : x + labelWidth, at, page.size, valueRight ? 'right' : 'left');
  });
  return y + rows.length * pitch;
}

/** A ruled band across the page: each label small on top of its cell, its value under it. */
function gridRows(page: InvoicePage, rows: readonly InfoRow[], y: number): number {
  const width = (page.right - page.left) / rows.length;
  const bottom = y + page.size * 3;
  page.sheet.frame(page.left, y, page.right, bottom);
  rows.forEach((row, i) => {
    const x = page.left + i * width;
    if (i > 0) page.sheet.rule(x, y, x, bottom);
    print(page, { text: row.label }, x + 4, y + page.size, page.size - 2.5);
    const valueSize = Math.min(page.size, (page.size * (width - 8)) / page.sheet.measure(row.value.text, page.size));
    print(page, row.value, x + 4, y + page.size * 2.4, valueSize);
  });
  return bottom + page.size;
}

/** The info block at `x` (a column) or across the page (a grid); answers the baseline under it. */
export function infoBlock(page: InvoicePage, style: InfoStyle, x: number, y: number, options: { number: boolean; buyerVat: boolean }): number {
  const rows = infoRows(page, options);
  if (style === 'grid') return gridRows(page, rows.slice(0, 6), y);
  return columnRows(page, rows, x, y, style === 'colon');
}

/** The document's title ("RECHNUNG", "Facture"); 'with-number' prints the number in it. Answers the baseline under it. */
export function title(page: InvoicePage, place: TitlePlace, y: number): number {
  const { labels, data } = page;
  const size = page.rng.pick([15, 17, 20]);
  const word = data.linkedInvoice ? labels.creditNote : labels.invoice;
  const number = data.values.invoice_number ?? '';
  const line: Printed = place === 'with-number' ? { text: `${word} ${number}`, marks: [{ field: 'Invoice number', value: number, part: number, from: word.length }] } : { text: word };
  const x = place === 'right' ? page.right : place === 'centre' ? (page.left + page.right) / 2 : page.left;
  print(page, line, x, y + size, size, place === 'right' ? 'right' : place === 'centre' ? 'center' : 'left');
  return y + size * 1.8;
}
