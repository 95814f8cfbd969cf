import { parseArgs } from 'node:util';
import { OcrPool } from '../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { cachedParse } from './page-cache.js';
import { stackSet } from './stack-set.js';

// npx tsx bench/split/cache-pages.ts --stacks 4 [--first-seed 1] [--out /tmp/split-ocr]
// Reads every distinct page of the development stacks once (see page-cache.ts).
const { values } = parseArgs({ options: { stacks: { type: 'string', default: '4' }, 'first-seed': { type: 'string', default: '1' }, out: { type: 'string', default: '/tmp/split-ocr' } } });
const pool = new OcrPool();
const started = performance.now();
for (const plan of stackSet(Number(values.stacks), Number(values['first-seed']))) {
  await cachedParse(plan.pages, values.out!, pool);
  console.log(`stack ${plan.seed}: ${plan.pages.length} pages, ${plan.documents.length} documents, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
await pool.close();
