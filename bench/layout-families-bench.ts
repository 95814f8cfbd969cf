import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OcrPool } from '../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../src/engine/pipeline/read/parse-file.js';
import { DEFAULT_PARSER_PARAMS } from '../src/engine/store/file-store.js';
import type { FileFormat, FileRecord } from '../src/shared/api/index.js';
import { startEngineProcess, type EngineProcess } from '../test/contract/engine-process.js';
import { Rng } from './corpus/rng.js';
import { REFERENCE_DATE, isoDate } from './corpus/values.js';
import { familyReport } from './layouts/family-report.js';
import { scoreInvoice, scoreReceipt, type DocumentScore } from './layouts/family-score.js';
import { KEPT_OUT_FAMILIES, LAYOUT_FAMILIES, layoutFamily } from './layouts/families.js';
import { generateDocument } from './layouts/generate-document.js';
import type { LayoutDocument } from './layouts/layout-document.js';
import { renderScanImage, renderTextPdf } from './layouts/render-document.js';
import { loadAverage } from './machine-load.js';
import { runBatch } from './pipeline/run-batch.js';
import { INVOICE_CATEGORY, invoiceSample } from './real-documents/invoice-category.js';
import { EINVOICE_DIR, loadInvoices } from './real-documents/invoice-set.js';
import { cpuSeconds } from './real-documents/process-cpu.js';
import { RECEIPT_CATEGORY, receiptSample } from './real-documents/receipt-category.js';

// npx tsx bench/layout-families-bench.ts [--per-family 10] [--families a,b] [--scan] [--scan-per-family N] [--seed 7] [--reference N] [--out dir] [--json results.json] [--engine-root <checkout>]
// Generated invoices and receipts of every layout family (bench/layouts/README.md), with exact values
// (einvoice-dev's keys for every other invoice, seeded random data for the rest), uploaded over HTTP
// to a real engine into the categories of the real-documents benches and scored as those benches
// score: per family, values and lines right, and how far confidence >= 0.9 can be trusted, with every
// wrong value at >= 0.9. Kept-out families are marked: no fit may ever see them. --scan also sends
// scans of the first `--scan-per-family` documents of each family (default all). Reference in the same
// run: the engine's reading alone in process (text layer for the PDFs, OCR on `reference` scans spread
// over the families), CPU per page. --out keeps the files with their truth (<id>.json, boxes in pixels).
const { values } = parseArgs({
  options: {
    'per-family': { type: 'string', default: '10' },
    families: { type: 'string' },
    scan: { type: 'boolean', default: false },
    'scan-per-family': { type: 'string' },
    seed: { type: 'string', default: '7' },
    reference: { type: 'string', default: '10' },
    out: { type: 'string' },
    json: { type: 'string' },
    'engine-root': { type: 'string' },
  },
});
const PER_FAMILY = Number(values['per-family']);
const SCAN_PER_FAMILY = Number(values['scan-per-family'] ?? PER_FAMILY);
const SEED = Number(values.seed);
const FAMILIES = values.families ? values.families.split(',').map((name) => layoutFamily(name.trim())) : LAYOUT_FAMILIES;
const TIMEOUT_MS = 3 * 60 * 60_000;

interface Entry {
  id: string;
  file: string;
  doc: LayoutDocument;
}

/** Generates every family's documents into `dir`: each file beside its truth. */
async function generate(dir: string): Promise<{ pdf: Entry[]; scan: Entry[]; seconds: number }> {
  const started = performance.now();
  const keys = existsSync(EINVOICE_DIR) ? (await loadInvoices()).map((i) => i.key) : [];
  const pdf: Entry[] = [];
  const scan: Entry[] = [];
  for (const family of FAMILIES) {
    for (let index = 0; index < PER_FAMILY; index++) {
      const doc = generateDocument(family, SEED, index, keys);
      const text = await renderTextPdf(doc);
      await writeFile(join(dir, `${doc.id}.pdf`), text.bytes);
      await writeFile(join(dir, `${doc.id}.json`), JSON.stringify(text.truth));
      pdf.push({ id: doc.id, file: `${doc.id}.pdf`, doc });
      if (!values.scan || index >= SCAN_PER_FAMILY) continue;
      const scanned = await renderScanImage(doc, new Rng(SEED).fork(index + 1));
      const file = `${doc.id}-scan.${scanned.format}`;
      await writeFile(join(dir, file), scanned.bytes);
      await writeFile(join(dir, `${doc.id}-scan.json`), JSON.stringify(scanned.truth));
      scan.push({ id: `${doc.id}-scan`, file, doc });
    }
  }
  return { pdf, scan, seconds: (performance.now() - started) / 1000 };
}

/** The engine's reading alone, in process: CPU seconds per page over the files. */
async function referenceSecondsPerPage(dir: string, entries: readonly Entry[]): Promise<number> {
  const pool = new OcrPool();
  const read = (entry: Entry) => readFile(join(dir, entry.file)).then((bytes) => parseFile(entry.file.split('.').pop() as FileFormat, bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader: pool }));
  // The workers load their models on their first page: started before the clock, as the engine's are.
  await Promise.all(Array.from({ length: pool.capacity }, () => read(entries[0]!)));
  const before = process.cpuUsage();
  let [next, pages] = [0, 0];
  const lane = async () => {
    while (next < entries.length) pages += (await read(entries[next++]!)).pages.length;
  };
  await Promise.all(Array.from({ length: pool.capacity }, lane));
  const used = process.cpuUsage(before);
  await pool.close();
  return (used.user + used.system) / 1e6 / pages;
}

/** One batch per category (invoices, receipts) of a rendering; answers the records with their documents. */
async function upload(engine: EngineProcess, workspaceId: string, dir: string, entries: readonly Entry[]): Promise<Map<string, FileRecord>> {
  const records = new Map<string, FileRecord>();
  for (const [category, kinds] of [[INVOICE_CATEGORY.name, ['invoice', 'credit_note']], [RECEIPT_CATEGORY.name, ['receipt']]] as const) {
    const batch = entries.filter((e) => (kinds as readonly string[]).includes(e.doc.kind));
    if (batch.length === 0) continue;
    const run = await runBatch(engine.client, dir, workspaceId, batch, { category }, TIMEOUT_MS);
    const { files } = await engine.client.files.fetch({ workspace_id: workspaceId, batch_number: run.records.values().next().value!.batch_number, with_document: true, page_size: 1000 });
    const byTask = new Map(files.map((f) => [f.task_id, f]));
    for (const [id, record] of run.records) records.set(id, byTask.get(record.task_id)!);
  }
  return records;
}

async function measure(engine: EngineProcess, workspaceId: string, dir: string, rendering: 'pdf' | 'scan', entries: readonly Entry[]) {
  const cpuBefore = await cpuSeconds(engine.child.pid!);
  const started = performance.now();
  const records = await upload(engine, workspaceId, dir, entries);
  const engineCpu = (await cpuSeconds(engine.child.pid!)) - cpuBefore;
  const seconds = (performance.now() - started) / 1000;
  const scores: DocumentScore[] = entries.map((e) => (e.doc.kind === 'receipt' ? scoreReceipt : scoreInvoice)(e.doc, records.get(e.id)!));
  const pages = scores.reduce((n, s) => n + s.pages, 0);
  // Scans: every k-th, so that the sample holds receipts and A4 pages as the run does.
  const step = rendering === 'pdf' ? 1 : Math.max(1, Math.ceil(entries.length / Number(values.reference)));
  const sample = entries.filter((_, i) => i % step === 0);
  const reference = await referenceSecondsPerPage(dir, sample);
  console.log(`Layout families, ${rendering === 'pdf' ? 'text PDFs' : 'scans'} (seed ${SEED}, ${entries.length} documents, ${pages} pages) through the engine of ${values['engine-root'] ?? 'this checkout'} over HTTP; load ${loadAverage()}`);
  for (const line of familyReport(scores, FAMILIES.map((f) => f.name), KEPT_OUT_FAMILIES)) console.log(line);
  const perPage = engineCpu / pages;
  console.log(`  engine CPU per page ${perPage.toFixed(2)} s; ${rendering === 'pdf' ? 'text layer' : 'OCR'} alone, in process, same run ${reference.toFixed(2)} s (${sample.length} files): ratio ${(perPage / reference).toFixed(2)}x`);
  console.log(`  wall time for the batches ${seconds.toFixed(0)} s (${(seconds / entries.length).toFixed(2)} s per document)`);
  return scores;
}

const dir = values.out ?? (await mkdtemp(join(tmpdir(), 'layout-families-')));
await mkdir(dir, { recursive: true });
const generated = await generate(dir);
console.log(`Generated ${generated.pdf.length} text PDFs and ${generated.scan.length} scans of ${FAMILIES.length} families in ${generated.seconds.toFixed(1)} s (${dir})`);
const engine = await startEngineProcess({ root: values['engine-root'], today: isoDate(REFERENCE_DATE) });
const results: Record<string, DocumentScore[]> = {};
try {
  const { workspace_id } = await engine.client.workspaces.create({ name: 'layout families', auth_scope: 0 });
  await engine.client.categories.create({ workspace_id, ...INVOICE_CATEGORY, sampleFiles: [await invoiceSample(engine.dataDir)] });
  await engine.client.categories.create({ workspace_id, ...RECEIPT_CATEGORY, tables: [], sampleFiles: [await receiptSample(engine.dataDir)] });
  results['pdf'] = await measure(engine, workspace_id, dir, 'pdf', generated.pdf);
  if (generated.scan.length > 0) results['scan'] = await measure(engine, workspace_id, dir, 'scan', generated.scan);
} finally {
  await engine.stop();
}
if (values.json) await writeFile(values.json, JSON.stringify(results, null, 1));
