import { money } from '../../src/shared-node/e-invoice/money.js';
import { sharedCopy } from '../../src/engine/pipeline/read/ocr/read-pages.js';
import { readOfdPages, type OfdReadResult } from '../../src/engine/pipeline/read/ofd/read-ofd-pages.js';
import { withOneByteChanged, type OfdEntry } from './ofd-set.js';

const read = (bytes: Uint8Array) => readOfdPages({ bytes: sharedCopy(bytes), dpi: 144, pageIndexes: undefined });
const seals = (r: OfdReadResult) => [...new Set(r.stamps.map((s) => (s as { signature?: string }).signature))].join('+') || 'none';

/** The invoice data's values in the starter category's field names and formats. */
function valuesOf(r: OfdReadResult): Record<string, string | undefined> {
  const d = r.invoice?.data;
  return { 'Invoice code': d?.invoiceCode, 'Invoice number': d?.number, 'Invoice date': d?.issueDate, 'Buyer name': d?.buyer.name, 'Buyer tax ID': d?.buyer.vatId, 'Seller name': d?.seller.name, 'Seller tax ID': d?.seller.vatId, Amount: d && money(d.netTotal), Tax: d && money(d.taxTotal), Total: d && money(d.total), 'Check code': d?.checkCode };
}

/**
 * The reader alone, in this process (no engine, no OCR of pages without text, no extraction): values
 * of the invoice data against the invoice XML, seals as read and with one byte of a page changed.
 */
export async function readerOnly(set: readonly OfdEntry[]): Promise<void> {
  let [exact, total, pages, ms] = [0, 0, 0, 0];
  const counts = { intact: 0, altered: 0, notChecked: 0, caught: 0, signed: 0 };
  for (const entry of set) {
    const started = performance.now();
    const r = await read(entry.bytes);
    ms += performance.now() - started;
    pages += r.pages.length;
    let line = `  ${entry.id.padEnd(40)} ${r.pages.length} p, lines ${r.pages.map((p) => p.lines.length).join(',')}`;
    if (entry.expected) {
      const got = valuesOf(r);
      const lines = r.invoice?.data.lines ?? [];
      const lineValues = Object.fromEntries(entry.expectedLines.map((_, i) => [`line ${i + 1}`, lines[i]?.amount && money(lines[i]!.amount!)]));
      const wanted: [string, string][] = [...Object.entries(entry.expected), ...entry.expectedLines.map((a, i): [string, string] => [`line ${i + 1}`, money(a)])];
      const wrong = wanted.filter(([key, value]) => ({ ...got, ...lineValues })[key] !== value);
      [exact, total] = [exact + wanted.length - wrong.length, total + wanted.length];
      line += `, values ${wanted.length - wrong.length}/${wanted.length}${wrong.length ? ` wrong: ${wrong.map(([k]) => k).join(', ')}` : ''}`;
    }
    if (entry.signed) {
      const [as, after] = [seals(r), seals(await read(withOneByteChanged(entry.bytes)))];
      counts.signed++;
      if (as.includes('intact')) counts.intact++;
      else if (as.includes('altered')) counts.altered++;
      else counts.notChecked++;
      if (after.includes('altered')) counts.caught++;
      line += `, seal ${as}, one byte changed: ${after}`;
    }
    console.log(line);
  }
  console.log(`  invoice values equal to the invoice XML: ${exact} of ${total}`);
  console.log(`  signed files (${counts.signed}): intact ${counts.intact}, altered as found ${counts.altered}, not checked ${counts.notChecked}; one byte of a page changed: altered ${counts.caught} of ${counts.signed}`);
  console.log(`  reader wall time ${(ms / pages).toFixed(0)} ms per page (${pages} pages, pages without text drawn for OCR included)`);
}
