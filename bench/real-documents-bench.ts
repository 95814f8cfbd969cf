import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { parseImage } from '../src/engine/pipeline/read/parse-image.js';
import { OcrPool } from '../src/engine/pipeline/read/ocr/ocr-pool.js';
import type { FileRecord } from '../src/shared/api/index.js';
import { startEngineProcess } from '../test/contract/engine-process.js';
import { runBatch } from './pipeline/run-batch.js';
import { calibrationLines, pct, type ScoredValue } from './real-documents/calibration.js';
import { cpuSeconds } from './real-documents/process-cpu.js';
import { readable, sameValue } from './real-documents/compare-values.js';
import { wordRecall } from './real-documents/ocr-recall.js';
import { KEY_OF_FIELD, RECEIPT_CATEGORY, receiptSample } from './real-documents/receipt-category.js';
import { loadReceipts, SROIE_DIR, type Receipt } from './real-documents/sroie-set.js';

// npx tsx bench/real-documents-bench.ts [--limit 200] [--reference 20] [--json values.json] [--engine-root <checkout>]
// The real receipts of ../shared/datasets/sroie-dev uploaded to the engine over HTTP, in a category a
// clerk would make (Company, Date, Address, Total), dropped into that category as a clerk does, and
// compared as a clerk would (see compare-values.ts). Classification is measured apart
// (bench/real-documents/classify-receipts.ts).
// Reference in the same run: the engine's OCR alone, in process, on the first `reference` receipts.
// --engine-root runs the engine of another checkout (an earlier commit) under the same measure; --json
// writes every value found, to diff two runs value for value.
const { values } = parseArgs({ options: { limit: { type: 'string', default: '200' }, reference: { type: 'string', default: '20' }, json: { type: 'string' }, 'engine-root': { type: 'string' } } });
const TIMEOUT_MS = 60 * 60_000;

const ocrText = (record: FileRecord) => (record.document?.pages ?? []).flatMap((p) => (p.lines ?? []).map((l) => l.text ?? ''));

function score(receipts: readonly Receipt[], records: ReadonlyMap<string, FileRecord>) {
  const perField = new Map<string, { right: number; readable: number; total: number }>();
  const scored: ScoredValue[] = [];
  const recall = { found: 0, total: 0 };
  for (const receipt of receipts) {
    const record = records.get(receipt.id)!;
    const lines = ocrText(record);
    const words = wordRecall(receipt.lines, lines);
    Object.assign(recall, { found: recall.found + words.found, total: recall.total + words.total });
    for (const field of RECEIPT_CATEGORY.fields) {
      const key = KEY_OF_FIELD[field.name];
      const truth = receipt.keys[key];
      if (truth === undefined) continue;
      const found = record.data?.fields?.find((f) => f.key === field.name);
      const right = sameValue(key, truth, found?.value ?? '');
      const t = perField.get(field.name) ?? { right: 0, readable: 0, total: 0 };
      perField.set(field.name, { right: t.right + Number(right), readable: t.readable + Number(readable(key, truth, lines.join('\n'))), total: t.total + 1 });
      scored.push({ id: receipt.id, field: field.name, truth, found: found?.value ?? '', confidence: found?.confidence ?? 0, right });
    }
  }
  return { perField, scored, recall };
}

async function referenceOcrSeconds(receipts: readonly Receipt[]): Promise<number> {
  const pool = new OcrPool();
  const before = process.cpuUsage();
  let next = 0;
  const lane = async () => {
    while (next < receipts.length) await parseImage(await readFile(receipts[next++]!.image), 'jpeg', { reader: pool });
  };
  await Promise.all(Array.from({ length: pool.capacity }, lane));
  const used = process.cpuUsage(before);
  await pool.close();
  return (used.user + used.system) / 1e6;
}

const receipts = (await loadReceipts()).slice(0, Number(values.limit));
const engine = await startEngineProcess({ root: values['engine-root'] });
try {
  const { client } = engine;
  const { workspace_id } = await client.workspaces.create({ name: 'real receipts', auth_scope: 0 });
  await client.categories.create({ workspace_id, ...RECEIPT_CATEGORY, tables: [], sampleFiles: [await receiptSample(engine.dataDir)] });
  const cpuBefore = await cpuSeconds(engine.child.pid!);
  const run = await runBatch(client, `${SROIE_DIR}/img`, workspace_id, receipts.map((r) => ({ id: r.id, file: `${r.id}.jpg` })), { category: RECEIPT_CATEGORY.name }, TIMEOUT_MS);
  const engineCpu = (await cpuSeconds(engine.child.pid!)) - cpuBefore;
  const batch = run.records.values().next().value!.batch_number;
  const { files } = await client.files.fetch({ workspace_id, batch_number: batch, with_document: true, page_size: 1000 });
  const byTask = new Map(files.map((f) => [f.task_id, f]));
  const records = new Map([...run.records].map(([id, r]) => [id, byTask.get(r.task_id)!]));
  const { perField, scored, recall } = score(receipts, records);

  const sample = receipts.slice(0, Number(values.reference));
  const referenceCpu = await referenceOcrSeconds(sample);
  let [right, total] = [0, 0];
  console.log(`Real receipts (SROIE dev, ${receipts.length} scans, one page each) through the engine of ${values['engine-root'] ?? 'this checkout'} over HTTP; load ${loadavg()[0]!.toFixed(1)}`);
  for (const [name, t] of perField) {
    console.log(`  ${name.padEnd(8)} right ${pct(t.right, t.total)}; value readable in the OCR text ${pct(t.readable, t.total)}`);
    [right, total] = [right + t.right, total + t.total];
  }
  console.log(`  all      right ${pct(right, total)}`);
  for (const line of calibrationLines(scored)) console.log(line);
  if (values.json) await writeFile(values.json, JSON.stringify(scored, null, 1));
  console.log(`  OCR word recall against the box/ words: ${pct(recall.found, recall.total)}`);
  const perReceipt = engineCpu / receipts.length;
  const referencePerReceipt = referenceCpu / sample.length;
  console.log(`  engine CPU per page ${perReceipt.toFixed(2)} s; OCR alone, in process, same run ${referencePerReceipt.toFixed(2)} s (${sample.length} receipts): ratio ${(perReceipt / referencePerReceipt).toFixed(2)}x`);
  console.log(`  wall time for the batch ${run.seconds.toFixed(0)} s (${(run.seconds / receipts.length).toFixed(2)} s per receipt)`);
} finally {
  await engine.stop();
}
