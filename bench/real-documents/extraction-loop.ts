import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { extractCategory } from '../../src/engine/pipeline/extract/extract-category.js';
import { plainText, type ParsedFile } from '../../src/engine/pipeline/document/parsed-document.js';
import { readable, sameValue } from './compare-values.js';
import { KEY_OF_FIELD, receiptCategoryModel, starterReceiptModel } from './receipt-category.js';
import { loadReceipts, type ReceiptKeys } from './sroie-set.js';

// npx tsx bench/real-documents/extraction-loop.ts [--cache /tmp/sroie-ocr] [--limit N] [--misses Company] [--starter]
// Extraction alone over cached OCR (ocr-cache.ts): a quick loop while working on the extractor.
// --starter reads into the starter "Receipt" category (its transforms: the date written as a calendar date, the total's figures) instead of the clerk's own.
const { values } = parseArgs({ options: { cache: { type: 'string', default: '/tmp/sroie-ocr' }, limit: { type: 'string', default: '1000' }, misses: { type: 'string' }, starter: { type: 'boolean', default: false } } });
const { model: category, keyOf } = values.starter ? starterReceiptModel() : { model: receiptCategoryModel(), keyOf: KEY_OF_FIELD as Readonly<Record<string, keyof ReceiptKeys>> };
const tally = new Map<string, { right: number; total: number; readable: number }>();
const confident = { right: 0, total: 0 };
for (const receipt of (await loadReceipts()).slice(0, Number(values.limit))) {
  const parsed = JSON.parse(await readFile(join(values.cache!, `${receipt.id}.json`), 'utf8')) as ParsedFile;
  const { fields } = extractCategory(parsed.document, category, { applyMerge: false });
  const text = plainText(parsed);
  for (const field of fields) {
    const key = keyOf[field.key];
    const truth = key && receipt.keys[key];
    if (!key || truth === undefined) continue;
    const right = sameValue(key, truth, field.value);
    const t = tally.get(field.key) ?? { right: 0, total: 0, readable: 0 };
    tally.set(field.key, { right: t.right + (right ? 1 : 0), total: t.total + 1, readable: t.readable + (readable(key, truth, text) ? 1 : 0) });
    if ((field.confidence ?? 0) >= 0.9) Object.assign(confident, { right: confident.right + (right ? 1 : 0), total: confident.total + 1 });
    if (!right && values.misses === field.key) console.log(`${receipt.id} ${(field.confidence ?? 0).toFixed(2)} want ${JSON.stringify(truth)} got ${JSON.stringify(field.value)}`);
  }
}
let [right, total] = [0, 0];
for (const [name, t] of tally) {
  console.log(`${name.padEnd(8)} ${((100 * t.right) / t.total).toFixed(1)}% (${t.right}/${t.total}); readable in the OCR text: ${((100 * t.readable) / t.total).toFixed(1)}%`);
  [right, total] = [right + t.right, total + t.total];
}
console.log(`all      ${((100 * right) / total).toFixed(1)}% (${right}/${total})`);
console.log(`conf>=.9 ${((100 * confident.right) / Math.max(1, confident.total)).toFixed(1)}% right of ${confident.total}`);
