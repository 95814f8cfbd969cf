import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { candidateRows } from './candidate-rows.js';
import { scorerDocuments } from './scorer-set.js';

// npx tsx bench/scorer/dump-candidates.ts [--out /tmp/scorer/candidates.jsonl] [--cache /tmp/scorer-cache] [--per-family 30] [--seed 11]
// The scorer's fitting data: every candidate the readers propose for a field that has a truth, with
// its features, whether it is the printed value, and the family it is held out with. fit-scorer.py
// fits the model from it.
const { values } = parseArgs({ options: { out: { type: 'string', default: '/tmp/scorer/candidates.jsonl' }, cache: { type: 'string', default: '/tmp/scorer-cache' }, 'per-family': { type: 'string', default: '30' }, seed: { type: 'string', default: '11' } } });
const out = createWriteStream(values.out!);
const started = performance.now();
let [documents, rows] = [0, 0];
for await (const doc of scorerDocuments({ cache: values.cache!, perFamily: Number(values['per-family']), seed: Number(values.seed) })) {
  const found = candidateRows(doc);
  for (const row of found) out.write(`${JSON.stringify(row)}\n`);
  [documents, rows] = [documents + 1, rows + found.length];
}
await new Promise((done) => out.end(done));
console.log(`${rows} candidates of ${documents} documents in ${((performance.now() - started) / 1000).toFixed(0)} s -> ${values.out}`);
