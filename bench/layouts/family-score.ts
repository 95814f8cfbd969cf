import type { FileRecord } from '../../src/shared/api/index.js';
import type { ScoredValue } from '../real-documents/calibration.js';
import { sameValue } from '../real-documents/compare-values.js';
import { INVOICE_FIELDS, LINE_COLUMNS } from '../real-documents/invoice-category.js';
import { scoreDocument } from '../real-documents/invoice-score.js';
import type { InvoiceKey } from '../real-documents/invoice-set.js';
import { KEY_OF_FIELD, RECEIPT_CATEGORY } from '../real-documents/receipt-category.js';
import type { LayoutDocument, LayoutTruth, TruthValue } from './layout-document.js';

/** One generated document scored: its values, and its lines where its category has a line table. */
export interface DocumentScore {
  id: string;
  family: string;
  pages: number;
  values: ScoredValue[];
  lines: boolean[];
}

const numberOf = (v: TruthValue | undefined) => (v ? Number(v.value) : null);

/** The truth as an einvoice-dev key (what the page prints marked `printed`), so the real-documents scoring applies as it is. */
export function invoiceKeyOf(truth: LayoutTruth): InvoiceKey {
  const party = () => ({ name: null, street: null, postcode: null, city: null, country: null, vat_id: null });
  const key: InvoiceKey = { invoice_number: null, issue_date: null, due_date: null, currency: null, seller: party(), buyer: party(), net_total: null, tax_total: null, grand_total: null, due_payable: null, lines: [], printed: {} };
  for (const field of INVOICE_FIELDS) {
    const value = truth.fields[field.name];
    const path = field.key.split('.');
    const owner = (path.length === 2 ? key[path[0] as 'seller' | 'buyer'] : key) as Record<string, unknown>;
    owner[path.at(-1)!] = value ? (field.kind === 'amount' ? Number(value.value) : value.value) : null;
    key.printed[field.key] = value !== undefined;
  }
  truth.lines.forEach((line, i) => {
    key.lines.push({ name: line[LINE_COLUMNS.name]?.value ?? null, quantity: numberOf(line[LINE_COLUMNS.quantity]), unit_price: numberOf(line[LINE_COLUMNS.unit_price]), amount: numberOf(line[LINE_COLUMNS.amount]), tax_rate: numberOf(line[LINE_COLUMNS.tax_rate]) });
    key.printed[`lines.${i}`] = line[LINE_COLUMNS.name] !== undefined && line[LINE_COLUMNS.amount] !== undefined;
  });
  return key;
}

/** The text the page prints: which of a line's numbers it shows (the invoice scoring asks). */
const printedText = (doc: LayoutDocument) => doc.pages.flatMap((p) => p.texts.map((t) => t.text)).join('\n');

/** An invoice scored as the real-documents invoice bench scores einvoice-dev. */
export function scoreInvoice(doc: LayoutDocument, record: FileRecord): DocumentScore {
  const result = scoreDocument({ id: doc.id, key: invoiceKeyOf(doc) }, record, printedText(doc));
  return { id: doc.id, family: doc.family, pages: result.pages, values: result.values.map((v) => ({ ...v, id: doc.id })), lines: result.lines.map((l) => l.found) };
}

/** A receipt scored as the real-documents receipt bench scores sroie-dev: Company, Date, Address, Total. */
export function scoreReceipt(doc: LayoutDocument, record: FileRecord): DocumentScore {
  const values = RECEIPT_CATEGORY.fields.flatMap(({ name }): ScoredValue[] => {
    const truth = doc.fields[name]?.value;
    if (truth === undefined) return [];
    const found = record.data?.fields?.find((f) => f.key === name);
    return [{ id: doc.id, field: name, truth, found: found?.value ?? '', confidence: found?.confidence ?? 0, right: sameValue(KEY_OF_FIELD[name], truth, found?.value ?? '') }];
  });
  return { id: doc.id, family: doc.family, pages: record.document?.pages.length ?? 1, values, lines: [] };
}
