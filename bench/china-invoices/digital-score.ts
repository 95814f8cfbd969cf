import type { FileRecord } from '../../src/shared/api/index.js';
import { sameAs, type ValueKind } from '../real-documents/compare-values.js';
import type { DigitalInvoice, DigitalItem } from '../layouts/zh-digital-data.js';

export interface ScoredDigitalValue {
  name: string;
  truth: string;
  found: string;
  right: boolean;
}

/** One 数电票 in one format: its header values, its items (an item is right when each of its columns is), and the fields added for the 数电票 (kind, 开票人, 备注), scored apart so that the nine header values stay comparable with earlier runs. */
export interface DigitalScore {
  id: string;
  kind: DigitalInvoice['kind'];
  fields: ScoredDigitalValue[];
  items: ScoredDigitalValue[];
  own: ScoredDigitalValue[];
}

export type Kind = ValueKind | 'exact';

// Names and the item with its *类别* are compared as printed, spaces aside: a punctuation-blind compare would pass a lost prefix.
const same = (kind: Kind, truth: string, found: string) => (kind === 'exact' ? truth.replace(/\s+/g, '') === found.replace(/\s+/g, '') : sameAs(kind, truth, found.replace(/[%％]\s*$/, '')));

/** The starter VAT invoice category's fields (English names) and the invoice's values for them; a value not printed (a person's tax id) is right only left empty. */
function headerValues(data: DigitalInvoice): [string, Kind, string | null][] {
  return [
    ['Invoice number', 'exact', data.number],
    ['Invoice date', 'date', data.date],
    ['Buyer name', 'exact', data.buyer.name],
    ['Buyer tax ID', 'exact', data.buyer.taxId],
    ['Seller name', 'exact', data.seller.name],
    ['Seller tax ID', 'exact', data.seller.taxId],
    ['Amount', 'amount', data.net.toFixed(2)],
    ['Tax', 'amount', data.tax.toFixed(2)],
    ['Total', 'amount', data.total.toFixed(2)],
  ];
}

/** The fields the starter category has for what a 数电票 and an older invoice both print: kind, 开票人, 备注 (none printed: right only empty). */
function ownValues(data: DigitalInvoice): [string, Kind, string | null][] {
  return [
    ['Invoice kind', 'exact', data.kind === 'special' ? '专用发票' : '普通发票'],
    ['Drawer', 'exact', data.drawer],
    ['Remark', 'exact', data.remark === '' ? null : data.remark],
  ];
}

// The columns of the category's line table, in its order: Item, Quantity, Unit price, Amount, Tax rate, Tax.
const ITEM_COLUMNS: readonly [Kind, (i: DigitalItem) => string][] = [
  ['exact', (i) => i.name],
  ['amount', (i) => (Number.isNaN(i.quantity) ? '' : String(i.quantity))],
  ['amount', (i) => (Number.isNaN(i.unitPrice) ? '' : String(i.unitPrice))],
  ['amount', (i) => i.amount.toFixed(2)],
  ['amount', (i) => String(i.rate)],
  ['amount', (i) => i.tax.toFixed(2)],
];

/** What an invoice of the VAT category is scored on beyond the 数电票's: the older form's fields, the rows its grid prints. */
export interface InvoiceScoring {
  fields?: [string, Kind, string | null][];
  rows?: DigitalItem[];
}

export function scoreDigitalInvoice(id: string, data: DigitalInvoice, record: FileRecord, more: InvoiceScoring = {}): DigitalScore {
  const found = (name: string) => record.data?.fields.find((f) => f.key === name)?.value ?? '';
  const score = ([name, kind, truth]: [string, Kind, string | null]) => ({ name, truth: truth ?? '', found: found(name), right: truth === null ? found(name) === '' : same(kind, truth, found(name)) });
  const fields = [...headerValues(data), ...(more.fields ?? [])].map(score);
  const rows = record.data?.tables[0]?.items ?? [];
  const printed = more.rows ?? data.items;
  const items = printed.map((item, i) => {
    const row = rows[i]?.map((c) => c.value) ?? [];
    const truth = ITEM_COLUMNS.map(([, of]) => of(item));
    // A column the row does not print (a 销货清单's row has no quantity) is right only left empty.
    return { name: `item ${i + 1}`, truth: truth.join(' | '), found: row.join(' | '), right: ITEM_COLUMNS.every(([kind], c) => (truth[c] === '' ? (row[c] ?? '') === '' : same(kind, truth[c]!, row[c] ?? ''))) };
  });
  // Rows the invoice does not have are misses too.
  const extra = rows.slice(printed.length).map((row, i) => ({ name: `extra row ${i + 1}`, truth: '', found: row.map((c) => c.value).join(' | '), right: false }));
  return { id, kind: data.kind, fields, items: [...items, ...extra], own: ownValues(data).map(score) };
}
