import type { InvoiceData } from '../../src/shared-node/e-invoice/invoice-data.js';
import { sameAs, textKey, type ValueKind } from '../real-documents/compare-values.js';
import type { InvoiceKey } from '../real-documents/invoice-set.js';

/** One value of a key against what was read. */
export interface Checked {
  path: string;
  truth: string;
  found: string;
  right: boolean;
}

type Found = string | undefined;

/** Numbers to the cent (a unit price of 3.3333 is the key's 3.33); the rest as a clerk compares them. */
function same(kind: ValueKind | 'number', truth: string, found: Found): boolean {
  if (found === undefined) return false;
  if (kind !== 'number') return sameAs(kind, truth, found);
  return Math.round(Number(truth) * 100) === Math.round(Number(found) * 100);
}

/**
 * Every value the key gives (null means the invoice has none) against the invoice data read from the
 * XML: header values, both parties, the totals, and the lines in order (a key's line of notes alone,
 * with no values, is no line).
 */
export function checkAgainstKey(key: InvoiceKey, data: InvoiceData): Checked[] {
  const out: Checked[] = [];
  const check = (path: string, kind: ValueKind | 'number', truth: string | number | null, found: Found) => {
    if (truth === null) return;
    out.push({ path, truth: String(truth), found: found ?? '', right: same(kind, String(truth), found) });
  };
  check('invoice_number', 'text', key.invoice_number, data.number);
  check('issue_date', 'date', key.issue_date, data.issueDate);
  check('due_date', 'date', key.due_date, data.dueDate);
  check('currency', 'currency', key.currency, data.currency);
  for (const who of ['seller', 'buyer'] as const) {
    const [truth, found] = [key[who], data[who]];
    check(`${who}.name`, 'text', truth.name, found.name);
    check(`${who}.street`, 'text', truth.street, found.street);
    check(`${who}.postcode`, 'text', truth.postcode, found.postcode);
    check(`${who}.city`, 'text', truth.city, found.city);
    check(`${who}.country`, 'country', truth.country, found.country);
    // The key's VAT id is the party's tax registration, a local tax number where no VAT id is given (as a tax-id field reads it).
    check(`${who}.vat_id`, 'text', truth.vat_id, found.vatId ?? found.taxNumber);
  }
  check('net_total', 'number', key.net_total, data.netTotal);
  check('tax_total', 'number', key.tax_total, data.taxTotal);
  check('grand_total', 'number', key.grand_total, data.total);
  check('due_payable', 'number', key.due_payable, data.amountDue);
  const lines = key.lines.filter((l) => Object.values(l).some((v) => v !== null));
  lines.forEach((truth, i) => {
    const found = data.lines[i];
    check(`lines.${i}.name`, 'text', truth.name, found?.description);
    check(`lines.${i}.quantity`, 'number', truth.quantity, found?.quantity);
    check(`lines.${i}.unit_price`, 'number', truth.unit_price, found?.unitPrice);
    check(`lines.${i}.amount`, 'number', truth.amount, found?.amount);
    check(`lines.${i}.tax_rate`, 'number', truth.tax_rate, found?.taxRate);
  });
  if (data.lines.length !== lines.length) out.push({ path: 'lines.count', truth: String(lines.length), found: String(data.lines.length), right: false });
  return out;
}

export { textKey };
