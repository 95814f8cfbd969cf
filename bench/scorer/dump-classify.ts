import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { classifyRows } from './classify-rows.js';
import { scorerDocuments } from './scorer-set.js';

// npx tsx bench/scorer/dump-classify.ts [--out /tmp/scorer/classify.jsonl] [--cache /tmp/scorer-cache] [--per-family 30] [--seed 11]
// Classification's fitting data: every document of the scorer's sets in each desk language (classify-rows.ts).
// fit-classifier.py fits the kind model and the weights from it.
const { values } = parseArgs({ options: { out: { type: 'string', default: '/tmp/scorer/classify.jsonl' }, cache: { type: 'string', default: '/tmp/scorer-cache' }, 'per-family': { type: 'string', default: '30' }, seed: { type: 'string', default: '11' } } });

const out = createWriteStream(values.out!);
let documents = 0;
for await (const doc of scorerDocuments({ cache: values.cache!, perFamily: Number(values['per-family']), seed: Number(values.seed) })) {
  for (const row of classifyRows(doc)) out.write(`${JSON.stringify(row)}\n`);
  documents++;
}
await new Promise((done) => out.end(done));
console.log(`${documents} documents -> ${values.out}`);
