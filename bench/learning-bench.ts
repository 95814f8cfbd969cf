import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractCategory } from '../src/engine/pipeline/extract/extract-category.js';
import { startEngineProcess } from '../test/contract/engine-process.js';
import { LearningTally } from './real-documents/learning-tally.js';
import { RECEIPT_CATEGORY, receiptCategoryModel, receiptSample } from './real-documents/receipt-category.js';
import { loadReceipts, SROIE_DIR } from './real-documents/sroie-set.js';

// npx tsx bench/learning-bench.ts [--limit 200]
// The real receipts of ../shared/datasets/sroie-dev in file order, as a clerk works: each is uploaded
// to the engine over HTTP into a clerk's category (Company, Date, Address, Total), its values compared
// as the set's README says, then its true values saved through /file/update (a value the engine had
// right keeps its position, as a clerk who confirms it; a wrong one is typed, with no position).
// Without learning, in the same run: the engine's extractor in process over the same parse, with
// nothing learned (the engine runs exactly this when its category has learned nothing). Scoring and
// groups (repeat / first-seen merchant): real-documents/learning-tally.ts, shared with the in-process
// loop real-documents/learning-loop.ts.
const { values } = parseArgs({ options: { limit: { type: 'string', default: '200' } } });

const receipts = (await loadReceipts()).slice(0, Number(values.limit));
const engine = await startEngineProcess();
try {
  const { client } = engine;
  const { workspace_id } = await client.workspaces.create({ name: 'learning receipts', auth_scope: 0 });
  await client.categories.create({ workspace_id, ...RECEIPT_CATEGORY, tables: [], sampleFiles: [await receiptSample(engine.dataDir)] });
  const tally = new LearningTally();
  const started = performance.now();
  for (const receipt of receipts) {
    const record = (await client.files.uploadSync(join(SROIE_DIR, 'img', `${receipt.id}.jpg`), { workspace_id, category: RECEIPT_CATEGORY.name })).files[0]!;
    const general = extractCategory(record.document!, receiptCategoryModel(), { applyMerge: false }).fields;
    const saved = tally.score(receipt, record.data?.fields ?? [], general);
    await client.files.update([{ workspace_id, file_id: record.id, data: { fields: saved } }]);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`Learning from saved results: SROIE dev, ${receipts.length} receipts in file order, uploaded and saved one by one over HTTP; load ${loadavg()[0]!.toFixed(1)}`);
  for (const line of tally.lines()) console.log(line);
  console.log(`  wall time ${seconds.toFixed(0)} s (${(seconds / receipts.length).toFixed(2)} s per receipt: upload, OCR, extraction, save)`);
} finally {
  await engine.stop();
}
