import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { categorySpecs, extractCategory } from '../../src/engine/pipeline/extract/extract-category.js';
import { recallFor } from '../../src/engine/pipeline/learning/field-recall.js';
import { learnDocument } from '../../src/engine/pipeline/learning/learn-document.js';
import { LearnedDocument } from '../../src/engine/pipeline/learning/learning-schema.js';
import type { ParsedFile } from '../../src/engine/pipeline/document/parsed-document.js';
import { LearningTally } from './learning-tally.js';
import { receiptCategoryModel } from './receipt-category.js';
import { loadReceipts } from './sroie-set.js';

// npx tsx bench/real-documents/learning-loop.ts [--cache /tmp/sroie-ocr] [--misses Address|repeat|all]
// learning-bench.ts in process over cached OCR (ocr-cache.ts), a quick loop while working on learning:
// the receipts in file order, each read with what the earlier ones taught (recallFor, as the engine's
// extraction) and then learned from the clerk's save (learnDocument, as the engine's /file/update),
// kept as the store keeps it (JSON through its schema, the most recent first). Same scoring and tallies.
const { values } = parseArgs({ options: { cache: { type: 'string', default: '/tmp/sroie-ocr' }, misses: { type: 'string' } } });
const category = receiptCategoryModel();
const specs = categorySpecs(category).fields;
const learned: LearnedDocument[] = [];
const tally = new LearningTally();
// What the engine spends per receipt on it: recall and extraction, then learning from the save.
let engineMs = 0;
const timed = <T>(work: () => T): T => {
  const started = performance.now();
  const result = work();
  engineMs += performance.now() - started;
  return result;
};
for (const receipt of await loadReceipts()) {
  const { document } = JSON.parse(await readFile(join(values.cache!, `${receipt.id}.json`), 'utf8')) as ParsedFile;
  const withLearning = timed(() => extractCategory(document, category, { applyMerge: false }, learned.length === 0 ? undefined : recallFor(document, learned)).fields);
  const general = extractCategory(document, category, { applyMerge: false }).fields;
  const saved = tally.score(receipt, withLearning, general);
  const lesson = timed(() => learnDocument(document, specs, saved));
  learned.unshift(LearnedDocument.parse(JSON.parse(JSON.stringify(lesson))));
}
console.log(`Learning from saved results in process: ${learned.length} cached parses of ${values.cache} in file order; recall, extraction and learning ${(engineMs / learned.length).toFixed(1)} ms per receipt`);
for (const line of tally.lines()) console.log(line);
const wanted = values.misses;
for (const m of tally.misses.filter((m) => wanted === 'all' || m.group === wanted || m.field === wanted)) {
  console.log(`${m.id} ${m.group.padEnd(10)} ${m.field.padEnd(7)} ${m.confidence.toFixed(2)} want ${JSON.stringify(m.truth)} got ${JSON.stringify(m.found)}`);
}
