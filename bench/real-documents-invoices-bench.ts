import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OcrPool } from '../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../src/engine/pipeline/read/parse-file.js';
import { plainText } from '../src/engine/pipeline/document/parsed-document.js';
import { DEFAULT_PARSER_PARAMS } from '../src/engine/store/file-store.js';
import { startEngineProcess, type EngineProcess } from '../test/contract/engine-process.js';
import { loadAverage } from './machine-load.js';
import { runBatch } from './pipeline/run-batch.js';
import { cpuSeconds } from './real-documents/process-cpu.js';
import { INVOICE_CATEGORY, invoiceSample } from './real-documents/invoice-category.js';
import { report, scoreDocument, type DocumentResult } from './real-documents/invoice-score.js';
import { EINVOICE_DIR, loadInvoices, type Invoice } from './real-documents/invoice-set.js';

// npx tsx bench/real-documents-invoices-bench.ts [--set pdf|scan|both] [--limit N] [--reference N] [--json results.json] [--engine-root <checkout>]
// The invoices of ../shared/datasets/einvoice-dev uploaded to the engine over HTTP into a category a
// clerk would make (header values, both parties, the amounts and a line-item table), and compared with
// the values of their own XML as a clerk would (see compare-values.ts), counting only what the page
// prints. Reference in the same run: the engine's reading alone (text layer for pdf/, OCR for scan/),
// in process, on the first `reference` invoices: by default all of pdf/ (its first ten are lighter than the
// set: their text layer read at half the set's CPU per page) and ten of scan/ (OCR of all would double the
// run). --json writes every document's results, to diff runs.
const { values } = parseArgs({
  options: { set: { type: 'string', default: 'pdf' }, limit: { type: 'string', default: '1000' }, reference: { type: 'string' }, json: { type: 'string' }, 'engine-root': { type: 'string' } },
});
if (!['pdf', 'scan', 'both'].includes(values.set)) throw new Error(`--set is pdf, scan or both, not ${values.set}`);
const SETS = values.set === 'both' ? (['pdf', 'scan'] as const) : [values.set as 'pdf' | 'scan'];
const TIMEOUT_MS = 3 * 60 * 60_000;

const read = (pool: OcrPool, set: string, invoice: Invoice) => readFile(join(EINVOICE_DIR, set, `${invoice.id}.pdf`)).then((bytes) => parseFile('pdf', bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader: pool }));

/** The engine's reading alone, in process: CPU seconds per page. */
async function referenceSecondsPerPage(set: string, invoices: readonly Invoice[]): Promise<number> {
  const pool = new OcrPool();
  // The workers load their models on their first page: started before the clock, as the engine's are.
  await Promise.all(Array.from({ length: pool.capacity }, () => read(pool, set, invoices[0]!)));
  const before = process.cpuUsage();
  let [next, pages] = [0, 0];
  const lane = async () => {
    while (next < invoices.length) pages += (await read(pool, set, invoices[next++]!)).pages.length;
  };
  await Promise.all(Array.from({ length: pool.capacity }, lane));
  const used = process.cpuUsage(before);
  await pool.close();
  return (used.user + used.system) / 1e6 / pages;
}

/** The text each printed page holds (its text layer), which says which of a line's numbers the page prints. */
async function printedTexts(invoices: readonly Invoice[]): Promise<Map<string, string>> {
  const pool = new OcrPool();
  const texts = new Map<string, string>();
  for (const invoice of invoices) texts.set(invoice.id, plainText(await read(pool, 'pdf', invoice)));
  await pool.close();
  return texts;
}

async function runSet(engine: EngineProcess, workspaceId: string, set: string, invoices: readonly Invoice[], texts: ReadonlyMap<string, string>) {
  const { client } = engine;
  const cpuBefore = await cpuSeconds(engine.child.pid!);
  const run = await runBatch(client, join(EINVOICE_DIR, set), workspaceId, invoices.map((i) => ({ id: i.id, file: `${i.id}.pdf` })), { category: INVOICE_CATEGORY.name }, TIMEOUT_MS);
  const engineCpu = (await cpuSeconds(engine.child.pid!)) - cpuBefore;
  const batch = run.records.values().next().value!.batch_number;
  const { files } = await client.files.fetch({ workspace_id: workspaceId, batch_number: batch, with_document: true, page_size: 1000 });
  const byTask = new Map(files.map((f) => [f.task_id, f]));
  const results = invoices.map((invoice) => scoreDocument(invoice, byTask.get(run.records.get(invoice.id)!.task_id)!, texts.get(invoice.id)!));
  return { results, engineCpu, seconds: run.seconds };
}

const invoices = (await loadInvoices()).slice(0, Number(values.limit));
const texts = await printedTexts(invoices);
const engine = await startEngineProcess({ root: values['engine-root'] });
const perSet: Record<string, DocumentResult[]> = {};
try {
  const { client } = engine;
  const { workspace_id } = await client.workspaces.create({ name: 'real invoices', auth_scope: 0 });
  await client.categories.create({ workspace_id, ...INVOICE_CATEGORY, sampleFiles: [await invoiceSample(engine.dataDir)] });
  for (const set of SETS) {
    const { results, engineCpu, seconds } = await runSet(engine, workspace_id, set, invoices, texts);
    perSet[set] = results;
    const pages = results.reduce((n, r) => n + r.pages, 0);
    const sample = invoices.slice(0, Number(values.reference ?? (set === 'pdf' ? invoices.length : 10)));
    const reference = await referenceSecondsPerPage(set, sample);
    console.log(`Real invoices (einvoice-dev ${set}/, ${invoices.length} invoices, ${pages} pages) through the engine of ${values['engine-root'] ?? 'this checkout'} over HTTP; load ${loadAverage()}`);
    for (const line of report(results)) console.log(line);
    const perPage = engineCpu / pages;
    console.log(`  engine CPU per page ${perPage.toFixed(2)} s; ${set === 'pdf' ? 'text layer' : 'OCR'} alone, in process, same run ${reference.toFixed(2)} s (${sample.length} invoices): ratio ${(perPage / reference).toFixed(2)}x`);
    console.log(`  wall time for the batch ${seconds.toFixed(0)} s (${(seconds / invoices.length).toFixed(2)} s per invoice)`);
  }
} finally {
  await engine.stop();
}
if (values.json) await writeFile(values.json, JSON.stringify(perSet, null, 1));
