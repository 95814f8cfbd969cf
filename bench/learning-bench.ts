import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractCategory } from '../src/engine/pipeline/extract-category.js';
import type { ExtractedField, FileRecord } from '../src/shared/api/index.js';
import { startEngineProcess } from '../test/contract/engine-process.js';
import { sameValue, textKey } from './real-documents/compare-values.js';
import { KEY_OF_FIELD, RECEIPT_CATEGORY, receiptCategoryModel, receiptSample } from './real-documents/receipt-category.js';
import { loadReceipts, SROIE_DIR, type Receipt } from './real-documents/sroie-set.js';

// npx tsx bench/learning-bench.ts [--limit 200]
// The real receipts of ../shared/datasets/sroie-dev in file order, as a clerk works: each is uploaded
// to the engine over HTTP into a clerk's category (Company, Date, Address, Total), its values compared
// as the set's README says, then its true values saved through /file/update (a value the engine had
// right keeps its position, as a clerk who confirms it; a wrong one is typed, with no position).
// Without learning, in the same run: the engine's extractor in process over the same parse, with
// nothing learned (the engine runs exactly this when its category has learned nothing). A receipt
// is "repeat" when an earlier receipt of the set has the same merchant (the clerk's Company value).
const { values } = parseArgs({ options: { limit: { type: 'string', default: '200' } } });
const HIGH_CONFIDENCE = 0.9;
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}% (${n}/${d})`;

type Tally = { learned: number; general: number; total: number };
const tallies = new Map<string, Tally>();
const confident = { right: 0, total: 0 };

function count(group: string, field: string, learned: boolean, general: boolean): void {
  for (const key of [group, `${group} ${field}`]) {
    const t = tallies.get(key) ?? { learned: 0, general: 0, total: 0 };
    tallies.set(key, { learned: t.learned + Number(learned), general: t.general + Number(general), total: t.total + 1 });
  }
}

/** Compares one receipt's values, and answers the clerk's save: the true values, positions kept where the engine was right. */
function scored(receipt: Receipt, group: string, record: FileRecord): { key: string; value: string; position: ExtractedField['position'] }[] {
  const general = extractCategory(record.document!, receiptCategoryModel(), { applyMerge: false }).fields;
  return RECEIPT_CATEGORY.fields.flatMap((field) => {
    const key = KEY_OF_FIELD[field.name];
    const truth = receipt.keys[key];
    if (truth === undefined) return [];
    const found = record.data?.fields?.find((f) => f.key === field.name);
    const right = sameValue(key, truth, found?.value ?? '');
    count(group, field.name, right, sameValue(key, truth, general.find((f) => f.key === field.name)?.value ?? ''));
    if ((found?.confidence ?? 0) >= HIGH_CONFIDENCE) Object.assign(confident, { right: confident.right + Number(right), total: confident.total + 1 });
    return [{ key: field.name, value: truth, position: right ? (found?.position ?? []) : [] }];
  });
}

const receipts = (await loadReceipts()).slice(0, Number(values.limit));
const engine = await startEngineProcess();
try {
  const { client } = engine;
  const { workspace_id } = await client.workspaces.create({ name: 'learning receipts', auth_scope: 0 });
  await client.categories.create({ workspace_id, ...RECEIPT_CATEGORY, tables: [], sampleFiles: [await receiptSample(engine.dataDir)] });
  const seen = new Set<string>();
  const started = performance.now();
  for (const receipt of receipts) {
    const merchant = textKey(receipt.keys.company ?? '');
    const group = seen.has(merchant) ? 'repeat' : 'first-seen';
    seen.add(merchant);
    const record = (await client.files.uploadSync(join(SROIE_DIR, 'img', `${receipt.id}.jpg`), { workspace_id, category: RECEIPT_CATEGORY.name })).files[0]!;
    await client.files.update([{ workspace_id, file_id: record.id, data: { fields: scored(receipt, group, record) } }]);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`Learning from saved results: SROIE dev, ${receipts.length} receipts in file order, uploaded and saved one by one over HTTP; load ${loadavg()[0]!.toFixed(1)}`);
  for (const [name, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${name.padEnd(20)} with learning ${pct(t.learned, t.total).padEnd(18)} without ${pct(t.general, t.total)}`);
  }
  console.log(`  confidence >= ${HIGH_CONFIDENCE} (with learning): right ${pct(confident.right, confident.total)}`);
  console.log(`  wall time ${seconds.toFixed(0)} s (${(seconds / receipts.length).toFixed(2)} s per receipt: upload, OCR, extraction, save)`);
} finally {
  await engine.stop();
}
