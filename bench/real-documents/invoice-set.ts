import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The shared development set of invoices (see its README): printed PDFs, their scans, and the values of their own XML. */
export const EINVOICE_DIR = resolve(import.meta.dirname, '../../../shared/datasets/einvoice-dev');

const text = z.string().nullable();
const amount = z.number().nullable();
const Party = z.object({ name: text, street: text, postcode: text, city: text, country: text, vat_id: text });
const Line = z.object({ name: text, quantity: amount, unit_price: amount, amount: amount, tax_rate: amount });

const InvoiceKey = z.object({
  invoice_number: text,
  issue_date: text,
  due_date: text,
  currency: text,
  seller: Party,
  buyer: Party,
  net_total: amount,
  tax_total: amount,
  grand_total: amount,
  due_payable: amount,
  lines: z.array(Line),
  /** Per value ("seller.name", "lines.3"): whether the page prints it. */
  printed: z.record(z.string(), z.boolean()),
});
export type InvoiceKey = z.infer<typeof InvoiceKey>;
export type InvoiceLine = z.infer<typeof Line>;

export interface Invoice {
  id: string;
  key: InvoiceKey;
}

/** Every invoice of the set, in file order. */
export async function loadInvoices(dir = EINVOICE_DIR): Promise<Invoice[]> {
  const ids = (await readdir(join(dir, 'key'))).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  return Promise.all(ids.map(async (id) => ({ id, key: InvoiceKey.parse(JSON.parse(await readFile(join(dir, 'key', `${id}.json`), 'utf8'))) })));
}
