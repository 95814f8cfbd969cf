import { fieldSpecOf } from '../field-spec.js';
import { extractFields } from '../fields/extract-fields.js';
import { findAmounts } from '../fields/value-parsers.js';
import type { ParsedFile } from '../parsed-document.js';
import type { InvoiceData, PrintDisagreement } from './invoice-data.js';

type ParsedDocument = ParsedFile['document'];

/** The amounts a printed invoice must state as its XML does, read from the page as a field of that name would be. */
const CHECKED: readonly { path: 'total' | 'netTotal' | 'taxTotal' | 'amountDue'; name: string }[] = [
  { path: 'total', name: 'Total' },
  { path: 'netTotal', name: 'Subtotal' },
  { path: 'taxTotal', name: 'Tax' },
  { path: 'amountDue', name: 'Amount due' },
];

const cents = (n: number) => Math.abs(Math.round(n * 100));

/**
 * The printed page against the invoice's XML: each total is read from the page by its label, as the
 * page reading reads any invoice. It disagrees when the page states there an amount the XML holds
 * nowhere: an amount the XML gives elsewhere (a line, a subtotal, a prepaid sum) is a page reading
 * that took a neighbouring label, not an altered print; a total the page does not print is no
 * disagreement either.
 */
export function printDisagreements(document: ParsedDocument, data: InvoiceData, xmlAmounts: ReadonlySet<number>): PrintDisagreement[] {
  const read = extractFields(document, CHECKED.map((c) => fieldSpecOf({ name: c.name, definition: { name: c.name } })));
  return CHECKED.flatMap((checked, i) => {
    const field = read[i];
    const printed = field?.value ? findAmounts(field.value)[0] : undefined;
    const position = field?.position[0];
    if (!printed || !position) return [];
    const given = Number(data[checked.path]);
    if (cents(printed.value) === cents(given) || xmlAmounts.has(cents(printed.value))) return [];
    return [{ path: checked.path, printed: printed.printed, given: data[checked.path], position: { page: position.page, vertices: position.vertices } }];
  });
}
