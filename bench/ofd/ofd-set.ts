import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { unpackArchive } from '../../src/engine/pipeline/read/zip-budget.js';
import { makeZip } from '../../test/fixtures/zip-file.js';

export const OFD_DIR = resolve(import.meta.dirname, '../../../shared/datasets/ofd-dev');

/** One file of ofd-dev with what its own parts say: the invoice XML's values, whether it is signed. */
export type OfdEntry = { id: string; file: string; bytes: Uint8Array; expected: Record<string, string> | undefined; expectedLines: string[]; signed: boolean };

/**
 * The values a clerk would type from the attached invoice XML, read here with plain patterns (not
 * with the engine's reader), in the starter VAT invoice category's field names and formats.
 * A tax written as asterisks (tax-exempt, 免税) is typed as 0.00.
 */
function expectedValues(xml: string): { fields: Record<string, string>; lines: string[] } {
  const text = (name: string) => {
    const match = new RegExp(`<(?:fp:)?${name}>(?:<!\\[CDATA\\[)?([^<\\]]*)`).exec(xml);
    return (match?.[1] ?? '').trim();
  };
  const amount = (name: string) => (/^\*+$/.test(text(name)) ? '0.00' : text(name));
  const date = /(\d{4})年(\d{2})月(\d{2})日/.exec(text('IssueDate'));
  const fields: Record<string, string> = {
    'Invoice code': text('InvoiceCode'),
    'Invoice number': text('InvoiceNo'),
    'Invoice date': date ? `${date[1]}-${date[2]}-${date[3]}` : text('IssueDate'),
    'Buyer name': text('BuyerName'),
    'Buyer tax ID': text('BuyerTaxID'),
    'Seller name': text('SellerName'),
    'Seller tax ID': text('SellerTaxID'),
    Amount: amount('TaxExclusiveTotalAmount'),
    Tax: amount('TaxTotalAmount'),
    Total: amount('TaxInclusiveTotalAmount'),
    'Check code': text('InvoiceCheckCode').replace(/\D/g, ''),
  };
  const lines = [...xml.matchAll(/<(?:fp:)?GoodsInfo>([\s\S]*?)<\/(?:fp:)?GoodsInfo>/g)].map((m) => /<(?:fp:)?Amount>([^<]*)/.exec(m[1]!)?.[1]?.trim() ?? '');
  return { fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '')), lines };
}

export async function loadOfdSet(): Promise<OfdEntry[]> {
  const files = (await readdir(OFD_DIR)).filter((f) => f.endsWith('.ofd')).sort();
  return Promise.all(
    files.map(async (file) => {
      const bytes = new Uint8Array(await readFile(join(OFD_DIR, file)));
      const parts = unpackArchive(bytes, 'OFD');
      const invoice = [...parts].find(([name]) => /Attachs\/original_invoice\.xml$/i.test(name))?.[1];
      const expected = invoice ? expectedValues(new TextDecoder().decode(invoice)) : undefined;
      const signed = [...parts.keys()].some((name) => /\/Signs\/.*Signature\.xml$/i.test(name) || /^OFDEntries\.xml$/i.test(name));
      return { id: file.replace(/\.ofd$/, ''), file, bytes, expected: expected?.fields, expectedLines: expected?.lines ?? [], signed };
    }),
  );
}

/**
 * The same package with one byte of its first page changed: a digit of the first Boundary, so that
 * the page stays well-formed and only the signed digest can tell.
 */
export function withOneByteChanged(bytes: Uint8Array): Uint8Array {
  const parts = [...unpackArchive(bytes, 'OFD')].map(([name, data]) => ({ name, data }));
  const page = parts.find((p) => /Pages\/Page_[^/]+\/Content\.xml$/i.test(p.name));
  if (!page) throw new Error('no page content to change');
  const text = new TextDecoder().decode(page.data);
  const match = /Boundary="[^"\d]*(\d)/.exec(text)!;
  const at = match.index + match[0].length - 1;
  page.data = new TextEncoder().encode(text.slice(0, at) + String((Number(match[1]) + 1) % 10) + text.slice(at + 1));
  return makeZip(parts);
}
