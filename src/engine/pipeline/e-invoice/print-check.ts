import type { Position } from '../../../shared/api/index.js';
import { fieldSpecOf } from '../document/field-spec.js';
import { extractFields } from '../fields/extract-fields.js';
import { PAGE_LABELS, type FieldRole } from '../words/role-vocabulary.js';
import { findAmounts, type AmountMatch } from '../fields/value-parsers.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { findTerm } from '../document/text-match.js';
import { positionOf } from './locate-printed.js';
import type { InvoiceData, PrintDisagreement } from '../../../shared-node/e-invoice/invoice-data.js';

type ParsedDocument = ParsedFile['document'];

type TotalPath = 'total' | 'netTotal' | 'taxTotal' | 'amountDue';

/** The amounts a printed invoice must state as its XML does, read from the page as a field of that name would be, and the role whose labels print them. */
const CHECKED: readonly { path: TotalPath; name: string; role: FieldRole }[] = [
  { path: 'total', name: 'Total', role: 'total' },
  { path: 'netTotal', name: 'Subtotal', role: 'subtotal' },
  { path: 'taxTotal', name: 'Tax', role: 'tax' },
  { path: 'amountDue', name: 'Amount due', role: 'amount_due' },
];

const cents = (n: number) => Math.abs(Math.round(n * 100));
// A label this long is found inside a compound word too ("summe" in "Bruttosumme"); shorter ones only as words ("ust" is no "August").
const COMPOUND_LABEL = 5;

/** A document whose invoice arrived with its own printed page and the amounts it states, with the print checked against it. */
export function withPrintCheck(document: ParsedDocument): ParsedDocument {
  const invoice = document.invoice;
  if (invoice?.page !== 'original' || !invoice.statedAmounts) return document;
  return { ...document, invoice: { ...invoice, ...printCheck(document, invoice.data, new Set(invoice.statedAmounts)) } };
}

/** A printed total is read surely at this confidence, the line a clerk trusts without looking. */
const SURE = 0.9;

export type PrintCheck = { disagreements: PrintDisagreement[]; uncompared: PrintDisagreement[] };

/**
 * The printed page against the invoice's XML. It disagrees where the page states, as one of the
 * totals, an amount the XML holds nowhere: read by label as the page reading reads any invoice, and
 * on every row labelled as a total (in any language of the vocabulary). An amount the XML gives
 * elsewhere (a line, a subtotal, a prepaid sum) is a reading that took a neighbouring label, not an
 * altered print; a total the page does not print is no disagreement either.
 * Only a disagreement read surely fails the invoice: a field read at SURE or more, or a row that opens
 * with a total's label and prints its amount after it. Any other (an amount in a letterhead line that
 * also names the tax number, say) is a value the check could not compare, named but never failed.
 */
export function printCheck(document: ParsedDocument, data: InvoiceData, xmlAmounts: ReadonlySet<number>): PrintCheck {
  const sure = new Map<TotalPath, PrintDisagreement>();
  const unsure = new Map<TotalPath, PrintDisagreement>();
  const note = (path: TotalPath, printed: AmountMatch, position: Position, surely: boolean) => {
    if (sure.has(path) || readings(printed).some((value) => value === cents(Number(data[path])) || xmlAmounts.has(value))) return;
    (surely ? sure : unsure).set(path, { path, printed: printed.printed, given: data[path], position: { page: position.page, vertices: position.vertices } });
  };
  const read = extractFields(document, CHECKED.map((c) => fieldSpecOf({ name: c.name, definition: { name: c.name } })));
  // A total read where another total was read (the amount due taken from the total's own text) is checked once, as the first.
  const places = new Set<string>();
  CHECKED.forEach((checked, i) => {
    const field = read[i];
    const printed = field?.value ? findAmounts(field.value)[0] : undefined;
    const at = field?.position[0];
    const place = at && `${at.page}:${at.vertices.join(',')}`;
    if (!printed || !place || places.has(place)) return;
    places.add(place);
    note(checked.path, printed, at, (field.confidence ?? 0) >= SURE);
  });
  document.pages.forEach((page, p) => {
    for (const line of page.lines) {
      const label = totalLabelled(line.text);
      const amount = label && findAmounts(line.text).filter((a) => a.decimals).pop();
      if (amount) note(label.path, amount, positionOf({ page: p, line, start: amount.start, end: amount.end }), opensRow(line.text, label) && amount.start >= label.end);
    }
  });
  return { disagreements: [...sure.values()], uncompared: [...unsure].filter(([path]) => !sure.has(path)).map(([, d]) => d) };
}

/** The label's word opens the row: nothing but that word stands before the label. */
function opensRow(text: string, label: { start: number }): boolean {
  return !/\s/.test(text.slice(0, label.start).trim());
}

/**
 * What a printed amount may mean, in cents: "19 163,16" is 19163.16 with a space between thousands,
 * or a rate of 19 before 163.16; either reading the XML agrees with is no disagreement.
 */
function readings(amount: AmountMatch): number[] {
  const tail = amount.printed.includes(' ') ? findAmounts(amount.printed.slice(amount.printed.lastIndexOf(' ') + 1))[0] : undefined;
  return [cents(amount.value), ...(tail ? [cents(tail.value)] : [])];
}

type RowLabel = { path: TotalPath; start: number; end: number; length: number };

/** Which total a row's label names and where, the longest label deciding; undefined for a row no total label names. */
function totalLabelled(text: string): RowLabel | undefined {
  const lower = text.toLowerCase();
  let best: RowLabel | undefined;
  for (const checked of CHECKED) {
    for (const label of PAGE_LABELS[checked.role]) {
      const at = label.length >= COMPOUND_LABEL ? lower.indexOf(label) : (findTerm(text, label)[0]?.start ?? -1);
      if (at >= 0 && label.length > (best?.length ?? 0)) best = { path: checked.path, start: at, end: at + label.length, length: label.length };
    }
  }
  return best;
}
