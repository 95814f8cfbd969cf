import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractCategory } from '../../src/engine/pipeline/extract/extract-category.js';
import { OcrPool } from '../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../../src/engine/pipeline/read/parse-file.js';
import { plainText, type ParsedFile } from '../../src/engine/pipeline/document/parsed-document.js';
import { DEFAULT_PARSER_PARAMS } from '../../src/engine/store/file-store.js';
import type { FileRecord } from '../../src/shared/api/index.js';
import { INVOICE_FIELDS, invoiceCategoryModel, starterInvoiceModel } from './invoice-category.js';
import { report, scoreDocument, type DocumentResult } from './invoice-score.js';
import { EINVOICE_DIR, loadInvoices, type Invoice } from './invoice-set.js';

// npx tsx bench/real-documents/invoice-loop.ts [--set scan|pdf] [--cache /tmp/scan-cache] [--only-cached] [--json out.json] [--misses "Seller name"] [--starter]
// A development aid, not the bench: each invoice of einvoice-dev parsed once by the engine's own parse
// path (text layer or OCR) and kept as JSON under --cache; then extraction and scoring in process on
// the cache, in seconds. The figures that count come from real-documents-invoices-bench.ts (over HTTP).
// --starter reads into the starter "Invoice" category a new desk has (its names and transforms) instead of the clerk's own.
const { values } = parseArgs({
  options: { starter: { type: 'boolean', default: false }, set: { type: 'string', default: 'scan' }, cache: { type: 'string', default: '/tmp/scan-cache' }, json: { type: 'string' }, misses: { type: 'string' }, limit: { type: 'string', default: '1000' }, 'only-cached': { type: 'boolean', default: false } },
});

const cached = (set: string, invoice: Invoice) => join(values.cache!, set, `${invoice.id}.json`);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Parses the invoices not yet in the cache, two at a time (the pool's workers). */
async function fill(set: string, invoices: readonly Invoice[]): Promise<void> {
  await mkdir(join(values.cache!, set), { recursive: true });
  const missing: Invoice[] = [];
  for (const invoice of invoices) if (!(await exists(cached(set, invoice)))) missing.push(invoice);
  if (missing.length === 0) return;
  const pool = new OcrPool();
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < missing.length) {
      const invoice = missing[next++]!;
      const bytes = await readFile(join(EINVOICE_DIR, set, `${invoice.id}.pdf`));
      const parsed = await parseFile('pdf', bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader: pool });
      await writeFile(cached(set, invoice), JSON.stringify(parsed));
    }
  };
  await Promise.all(Array.from({ length: pool.capacity }, lane));
  await pool.close();
  console.log(`${set}/: ${missing.length} parsed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function filter<T>(items: readonly T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const kept = await Promise.all(items.map(keep));
  return items.filter((_, i) => kept[i]);
}

const load = async (set: string, invoice: Invoice) => JSON.parse(await readFile(cached(set, invoice), 'utf8')) as ParsedFile;

const all = (await loadInvoices()).slice(0, Number(values.limit));
// --only-cached: score what is parsed so far (while a fill runs elsewhere) instead of parsing the rest.
const invoices = values['only-cached'] ? await filter(all, async (i) => (await exists(cached('pdf', i))) && exists(cached(values.set!, i))) : all;
await fill('pdf', invoices);
await fill(values.set!, invoices);
const { model: category, fields } = values.starter ? starterInvoiceModel() : { model: invoiceCategoryModel(), fields: INVOICE_FIELDS };
const results: DocumentResult[] = [];
const started = performance.now();
for (const invoice of invoices) {
  const parsed = await load(values.set!, invoice);
  const data = extractCategory(parsed.document, category, { applyMerge: DEFAULT_PARSER_PARAMS.apply_merge === 1 });
  const record = { data, document: parsed.document } as unknown as FileRecord;
  results.push(scoreDocument(invoice, record, plainText(await load('pdf', invoice)), fields));
}
console.log(`einvoice-dev ${values.set}/ from ${values.cache}, ${invoices.length} invoices, extraction in process ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const line of report(results, fields)) console.log(line);
if (values.misses) {
  for (const r of results) for (const v of r.values) if (!v.right && v.field === values.misses) console.log(`  miss ${r.id}: ${JSON.stringify(v.found)} (${v.confidence.toFixed(2)}), printed ${JSON.stringify(v.truth)}`);
}
if (values.json) await writeFile(values.json, JSON.stringify(results, null, 1));
