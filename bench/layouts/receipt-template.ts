import type { LaidPage } from '../corpus/layout.js';
import type { Rng } from '../corpus/rng.js';
import { LINE_COLUMNS } from '../real-documents/invoice-category.js';
import { CONVENTIONS } from './conventions.js';
import type { Box } from './layout-document.js';
import { INVOICE_LABELS } from './labels.js';
import type { LayoutFont } from './layout-font.js';
import { formatDate, formatFlexible, formatMoney, formatNumber, numberStyle, type NumberStyle } from './locale-format.js';
import { postalLines } from './place-names.js';
import { print, type Page, type Printed } from './parts/print.js';
import type { ReceiptData } from './receipt-data.js';
import { RECEIPT_WORDS, type ReceiptWords } from './receipt-labels.js';
import { Sheet } from './sheet.js';
import { TruthBuilder } from './truth-builder.js';

/** How a till prints its items: name and amount on one line; quantity × price on a line above; or in columns. */
export type ItemStyle = 'one-line' | 'quantity-above' | 'columns';

export interface ReceiptTemplate {
  width: number;
  items: ItemStyle;
  /** The header centred (most tills) or at the left. */
  centred: boolean;
  upperCase: boolean;
  /** A VAT table (rate, net, tax, gross) under the payment, as German tills print it, with the TSE lines. */
  vatTable: boolean;
}

const MARGIN = 12;

/** A till slip drawn top to bottom: `y` is the next baseline. */
class Slip implements Page {
  readonly sheet: Sheet;
  readonly truth = new TruthBuilder();
  y = MARGIN;

  constructor(
    font: LayoutFont,
    readonly template: ReceiptTemplate,
    readonly size: number,
  ) {
    this.sheet = new Sheet(font, template.width, 2000);
  }

  get right(): number {
    return this.template.width - MARGIN;
  }

  /** Next line; answers its baseline. */
  next(size = this.size): number {
    this.y += size * 1.35;
    return this.y;
  }

  /** A header line, centred or at the left as the till does. */
  head(line: Printed, size = this.size): Box {
    const centre = this.template.centred;
    return print(this, line, centre ? this.template.width / 2 : MARGIN, this.next(size), size, centre ? 'center' : 'left');
  }

  /** A label at the left and a value at the right, on one line. */
  row(label: string, value: Printed, size = this.size): void {
    const y = this.next(size);
    print(this, { text: label }, MARGIN, y, size);
    print(this, value, this.right, y, size, 'right');
  }

  separator(): void {
    const y = this.next() - this.size * 0.35;
    if (this.template.upperCase) this.sheet.text('-'.repeat(Math.floor((this.right - MARGIN) / this.sheet.measure('-', this.size))), MARGIN, y, this.size);
    else this.sheet.rule(MARGIN, y, this.right, y);
  }

  finish(): LaidPage {
    return { ...this.sheet.page, height: Math.ceil(this.y + MARGIN * 2) };
  }
}

const caps = (slip: Slip, text: string) => (slip.template.upperCase ? text.toUpperCase() : text);

/** Merchant, address, tax id, title, date and receipt number. */
function header(slip: Slip, data: ReceiptData, words: Record<keyof ReceiptWords, string>, style: NumberStyle, rng: Rng): void {
  const merchant = caps(slip, data.merchant);
  slip.head({ text: merchant, marks: [{ field: 'Company', value: data.merchant, part: merchant }] }, slip.size + 2);
  const lines = data.country === 'CN' ? [`${data.address.city}${data.address.street}`] : [data.address.street, ...postalLines(data.country, data.address)].map((l) => caps(slip, l));
  const parts = lines.map((text) => ({ text, box: slip.head({ text }) }));
  slip.truth.field('Address', lines.join(' '), ...parts);
  if (data.vatId) slip.head({ text: `${data.country === 'MY' ? rng.pick(['SST ID:', 'SST REG NO:']) : rng.pick(INVOICE_LABELS[CONVENTIONS[data.country].language].vatId)} ${data.vatId}` });
  if (words.title) slip.head({ text: words.title }, slip.size + 1);
  const date = formatDate(data.date, style);
  const dateLine: Printed = { text: `${date} ${data.time}  ${words.receiptNo} ${data.receiptNo}`, marks: [{ field: 'Date', value: data.date, part: date }] };
  if (rng.chance(0.5)) slip.head(dateLine);
  else {
    slip.head({ text: `${words.receiptNo} ${data.receiptNo}  ${words.cashier} ${rng.int(1, 9)}` });
    slip.head({ text: `${date}  ${data.time}`, marks: [{ field: 'Date', value: data.date, part: date }] });
  }
}

/** The items, each as the till's style prints it, recorded as the receipt's lines. */
function items(slip: Slip, data: ReceiptData, style: NumberStyle): void {
  const { truth } = slip;
  const money = (n: number) => formatNumber(n, style);
  data.items.forEach((item, i) => {
    const name = caps(slip, item.name);
    const quantity = formatFlexible(item.quantity, style, 0);
    const price = money(item.unitPrice);
    if (slip.template.items === 'quantity-above' && item.quantity > 1) {
      const text = `  ${quantity} x ${price}`;
      const box = print(slip, { text }, MARGIN, slip.next(), slip.size);
      truth.line(i, LINE_COLUMNS.quantity, item.quantity, { text: quantity, box: slip.sheet.part(box, text, quantity, slip.size) });
      truth.line(i, LINE_COLUMNS.unit_price, item.unitPrice, { text: price, box: slip.sheet.part(box, text, price, slip.size, text.indexOf(' x ')) });
    }
    const y = slip.next();
    const cell = (text: string, x: number, align: 'left' | 'right') => ({ text, box: slip.sheet.text(text, x, y, slip.size, align) });
    truth.line(i, LINE_COLUMNS.name, item.name, cell(name, MARGIN, 'left'));
    if (slip.template.items === 'columns') {
      truth.line(i, LINE_COLUMNS.quantity, item.quantity, cell(quantity, slip.right * 0.56, 'right'));
      truth.line(i, LINE_COLUMNS.unit_price, item.unitPrice, cell(price, slip.right * 0.77, 'right'));
    }
    truth.line(i, LINE_COLUMNS.amount, item.amount, cell(money(item.amount), slip.right, 'right'));
  });
}

/** Subtotal, rounding, the total to pay, cash given and change. */
function totals(slip: Slip, data: ReceiptData, words: Record<keyof ReceiptWords, string>, style: NumberStyle): void {
  const money = (n: number) => formatMoney(n, style);
  const total = (label: string) => slip.row(label, { text: money(data.total), marks: [{ field: 'Total', value: data.total, part: formatNumber(data.total, style) }] }, slip.size + 1.5);
  if (data.rounding !== 0) {
    slip.row(words.subtotal || words.total, { text: money(data.subtotal) });
    const rounding = formatNumber(data.rounding, style);
    slip.row(words.rounding, { text: rounding, decoys: [{ what: 'rounding', part: rounding }] });
    total(words.toPay);
  } else total(words.total);
  if (data.payment.method === 'card') return slip.row(words.card, { text: money(data.total) });
  const given = formatNumber(data.payment.given, style);
  const change = formatNumber(data.payment.change, style);
  slip.row(words.cash, { text: given, decoys: [{ what: 'cash given', part: given }] });
  slip.row(words.change, { text: change, decoys: [{ what: 'change', part: change }] });
}

/** The VAT table of a German till and its TSE lines. */
function vatTable(slip: Slip, data: ReceiptData, words: Record<keyof ReceiptWords, string>, style: NumberStyle, rng: Rng): void {
  const net = Math.round((data.subtotal / (1 + data.taxRate / 100)) * 100) / 100;
  const n = (v: number) => formatNumber(v, style);
  slip.head({ text: `${words.vat}       Netto    Steuer    Brutto` });
  slip.head({ text: `A ${n(data.taxRate)}%  ${n(net)}  ${n(data.subtotal - net)}  ${n(data.subtotal)}` });
  slip.head({ text: `TSE-Transaktion: ${rng.int(10_000, 99_999)}` }, slip.size - 1.5);
  slip.head({ text: `TSE-Start: ${data.date}T${data.time}:${String(rng.int(10, 59))}` }, slip.size - 1.5);
  slip.head({ text: `TSE-Seriennummer: ${rng.digits(16)}` }, slip.size - 1.5);
}

/** A till receipt in a template. */
export function layOutReceipt(template: ReceiptTemplate, data: ReceiptData, rng: Rng, font: LayoutFont): { page: LaidPage; truth: TruthBuilder } {
  const convention = CONVENTIONS[data.country];
  const style = numberStyle(rng, { ...convention, dates: convention.dates.filter((d) => !d.includes('MMM')) });
  const pickWords = Object.fromEntries(Object.entries(RECEIPT_WORDS[data.country]!).map(([key, options]) => [key, options.length > 0 ? rng.pick(options as string[]) : ''])) as Record<keyof ReceiptWords, string>;
  const slip = new Slip(font, template, rng.pick([7.5, 8, 8.5]));
  header(slip, data, pickWords, style, rng);
  slip.separator();
  items(slip, data, style);
  slip.separator();
  totals(slip, data, pickWords, style);
  if (template.vatTable) vatTable(slip, data, pickWords, style, rng);
  else slip.head({ text: `${pickWords.vat} ${formatFlexible(data.taxRate, style, 0)}%: ${formatNumber(data.subtotal - data.subtotal / (1 + data.taxRate / 100), style)}` });
  slip.head({ text: pickWords.thanks });
  return { page: slip.finish(), truth: slip.truth };
}
