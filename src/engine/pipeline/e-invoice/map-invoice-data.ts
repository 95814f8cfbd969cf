import type { ExtractedField, ExtractedTable, Position, TableCell } from '../../../shared/api/index.js';
import type { FieldSpec } from '../document/field-spec.js';
import { roleOf } from '../fields/roles.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { modelUsed, type TableSpec } from '../tables/extract-tables.js';
import { applyTransforms } from '../transforms/apply-transforms.js';
import type { DocumentInvoice, InvoiceData, InvoiceLine, InvoiceParty } from '../../../shared-node/e-invoice/invoice-data.js';
import { money } from '../../../shared-node/e-invoice/money.js';
import { lineColumnOf } from './line-columns.js';
import { findPrinted, positionOf, type PrintedAt, type PrintedKind } from './locate-printed.js';

type ParsedDocument = ParsedFile['document'];

/** A value of the invoice data: where it sits in the data, what it is, and the parts a page prints apart (an address). */
export interface InvoiceValue {
  path: string;
  value: string;
  kind: PrintedKind;
  /** Printed separately (street, postcode and city, country): each part is looked for on its own. */
  parts?: { path: string; value: string }[];
  /** A total is printed last, below the line amounts that may equal it: its last occurrence is the one. */
  last?: boolean;
}

/** The confidence of a value the printed page states otherwise: below what a desk lets pass unchecked. */
export const DISAGREEING = 0.5;

const text = (path: string, value: string | undefined): InvoiceValue | undefined => (value ? { path, value, kind: 'text' } : undefined);
const date = (path: string, value: string | undefined): InvoiceValue | undefined => (value ? { path, value, kind: 'date' } : undefined);
const total = (path: string, value: string): InvoiceValue => ({ path, value: money(value), kind: 'amount', last: true });

function address(party: 'seller' | 'buyer', p: InvoiceParty): InvoiceValue | undefined {
  const parts = [
    { path: `${party}.street`, value: p.street },
    { path: `${party}.streetMore`, value: p.streetMore },
    { path: `${party}.city`, value: [p.postcode, p.city].filter(Boolean).join(' ') },
    { path: `${party}.country`, value: p.country },
  ].filter((x): x is { path: string; value: string } => !!x.value);
  return parts.length > 0 ? { path: `${party}.address`, value: parts.map((x) => x.value).join(', '), kind: 'text', parts } : undefined;
}

const part = (party: 'seller' | 'buyer', key: 'street' | 'postcode' | 'city' | 'country') => (d: InvoiceData) => text(`${party}.${key}`, d[party][key]);

/**
 * The invoice's value for each field role it answers (fields/role-vocabulary.ts), by the role's
 * name; payment_terms waits for the vocabulary to name it.
 */
const BY_ROLE: Readonly<Record<string, (d: InvoiceData) => InvoiceValue | undefined>> = {
  document_number: (d) => text('number', d.number),
  document_code: (d) => text('invoiceCode', d.invoiceCode),
  check_code: (d) => text('checkCode', d.checkCode),
  machine_number: (d) => text('machineNumber', d.machineNumber),
  date: (d) => date('issueDate', d.issueDate),
  due_date: (d) => date('dueDate', d.dueDate),
  issuer_name: (d) => text('seller.name', d.seller.name),
  issuer_address: (d) => address('seller', d.seller),
  issuer_tax_id: (d) => text('seller.vatId', d.seller.vatId) ?? text('seller.taxNumber', d.seller.taxNumber),
  buyer_name: (d) => text('buyer.name', d.buyer.name),
  buyer_address: (d) => address('buyer', d.buyer),
  buyer_tax_id: (d) => text('buyer.vatId', d.buyer.vatId) ?? text('buyer.taxNumber', d.buyer.taxNumber),
  phone: (d) => text('seller.phone', d.seller.phone),
  subtotal: (d) => total('netTotal', d.netTotal),
  tax: (d) => total('taxTotal', d.taxTotal),
  total: (d) => total('total', d.total),
  amount_due: (d) => total('amountDue', d.amountDue),
  currency: (d) => text('currency', d.currency),
  iban: (d) => text('iban', d.iban),
  payment_terms: (d) => text('paymentTerms', d.paymentTerms),
  issuer_street: part('seller', 'street'),
  issuer_postcode: part('seller', 'postcode'),
  issuer_city: part('seller', 'city'),
  issuer_country: part('seller', 'country'),
  buyer_street: part('buyer', 'street'),
  buyer_postcode: part('buyer', 'postcode'),
  buyer_city: part('buyer', 'city'),
  buyer_country: part('buyer', 'country'),
  drawer: (d) => text('drawer', d.drawer),
  remark: (d) => text('remark', d.remark),
  // As the 数电票's title says it: the category's kind field lists these.
  invoice_kind: (d) => (d.kind ? text('kind', d.kind === 'special' ? '专用发票' : '普通发票') : undefined),
};

/** The invoice's value for a field, by the field's role; undefined when the role is not one the data answers or the data leaves it out. */
export function invoiceValueOf(spec: FieldSpec, data: InvoiceData): InvoiceValue | undefined {
  const role = roleOf(spec);
  return role ? BY_ROLE[role]?.(data) : undefined;
}

/** Where the page prints a value: given by the reader, else looked up in the page's text. */
function placesOf(document: ParsedDocument, invoice: DocumentInvoice, value: InvoiceValue): Position[] {
  const given = invoice.placements?.[value.path];
  if (given) return given;
  const pieces = value.parts ?? [{ path: value.path, value: value.value }];
  return pieces.flatMap((piece) => {
    const placed = invoice.placements?.[piece.path];
    if (placed) return placed;
    const found = findPrinted(document, piece.value, value.kind);
    const chosen = value.last ? found[found.length - 1] : found[0];
    return chosen ? [positionOf(chosen)] : [];
  });
}

/**
 * Extraction over a document that carries invoice data: every field whose role the data answers
 * takes the data's value at confidence 1, placed where the page prints it (where the print disagrees,
 * marked at the printed value); the category's line-item table takes the data's lines. Fields and tables the data does not answer keep what the page gave.
 */
export function withInvoiceData(document: ParsedDocument, invoice: DocumentInvoice, wanted: { fields: readonly FieldSpec[]; tables: readonly TableSpec[] }, fromPage: { fields: ExtractedField[]; tables: ExtractedTable[] }): { fields: ExtractedField[]; tables: ExtractedTable[] } {
  const answered = new Map<string, ExtractedField>();
  for (const spec of wanted.fields) {
    const value = invoiceValueOf(spec, invoice.data);
    if (!value) continue;
    // Where the print disagrees, the XML's value stands (it is the invoice) but is marked for the clerk, at the printed value.
    const disagreement = invoice.disagreements?.find((d) => d.path === value.path);
    const position = disagreement ? [disagreement.position] : placesOf(document, invoice, value);
    answered.set(spec.key, { key: spec.key, identifier: spec.identifier, value: applyTransforms(value.value, spec.transforms).value, position, confidence: disagreement ? DISAGREEING : 1 });
  }
  const fields = fromPage.fields.filter((f) => !answered.has(f.key));
  const lineTable = lineItemTable(wanted.tables);
  return {
    fields: [...fields, ...answered.values()].sort((a, b) => order(wanted.fields, a.key) - order(wanted.fields, b.key)),
    tables: fromPage.tables.map((t) => (lineTable && t.tableName === lineTable.name ? linesTable(document, invoice, lineTable) : t)),
  };
}

function order(specs: readonly FieldSpec[], key: string): number {
  return specs.findIndex((s) => s.key === key);
}

/** The table the lines go into: the one with the most columns a line fills, a description or an amount among them. */
export function lineItemTable(tables: readonly TableSpec[]): TableSpec | undefined {
  const scored = tables.map((t) => {
    const columns = t.columns.map(lineColumnOf);
    const fits = columns.includes('description') || columns.includes('amount');
    return { t, score: fits ? columns.filter(Boolean).length : 0 };
  });
  const best = scored.sort((a, b) => b.score - a.score)[0];
  return best && best.score > 0 ? best.t : undefined;
}

function linesTable(document: ParsedDocument, invoice: DocumentInvoice, spec: TableSpec): ExtractedTable {
  const items = invoice.data.lines.map((line, index) => lineCells(document, invoice, spec, line, index));
  return { tableName: spec.name, tableType: spec.tableType, extractModel: modelUsed(spec.configModel), configModel: spec.configModel, items };
}

function lineCells(document: ParsedDocument, invoice: DocumentInvoice, spec: TableSpec, line: InvoiceLine, index: number): TableCell[] {
  const described = invoice.placements?.[`lines.${index}.description`] ?? firstPlace(findPrinted(document, line.description, 'text'));
  return spec.columns.map((column) => {
    const key = lineColumnOf(column);
    const raw = key ? line[key] : undefined;
    if (raw === undefined) return { key: column.key, identifier: column.identifier, value: applyTransforms('', column.transforms).value, position: [], index, confidence: 0 };
    const value = key === 'unitPrice' || key === 'amount' || key === 'taxAmount' ? money(raw) : raw;
    const path = `lines.${index}.${key}`;
    const position = invoice.placements?.[path] ?? (key === 'description' ? described : onSameRow(document, described, value, key === 'unit' || key === 'specification' ? 'text' : 'amount'));
    return { key: column.key, identifier: column.identifier, value: applyTransforms(value, column.transforms).value, position, index, confidence: 1 };
  });
}

function firstPlace(found: PrintedAt[]): Position[] {
  return found[0] ? [positionOf(found[0])] : [];
}

/** A line's other values are printed on the row of its description (same page, overlapping heights). */
function onSameRow(document: ParsedDocument, described: Position[], value: string, kind: PrintedKind): Position[] {
  const anchor = described[0];
  if (!anchor) return [];
  const [top, bottom] = [Math.min(anchor.vertices[1]!, anchor.vertices[5]!), Math.max(anchor.vertices[1]!, anchor.vertices[5]!)];
  const found = findPrinted(document, value, kind).filter((at) => {
    if (at.page !== anchor.page) return false;
    const middle = (at.line.position[1]! + at.line.position[5]!) / 2;
    return middle >= top && middle <= bottom;
  });
  return firstPlace(found);
}
