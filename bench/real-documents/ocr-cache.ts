import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseImage } from '../../src/engine/pipeline/read/parse-image.js';
import { OcrPool } from '../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { loadReceipts } from './sroie-set.js';

// npx tsx bench/real-documents/ocr-cache.ts --out /tmp/sroie-ocr [--limit N]
// Keeps each receipt's parse (the engine's own OCR) as JSON, so that extraction can be worked on
// without reading the scans again. A development aid: the bench itself always goes through HTTP.
const { values } = parseArgs({ options: { out: { type: 'string', default: '/tmp/sroie-ocr' }, limit: { type: 'string', default: '1000' } } });
const out = values.out!;
await mkdir(out, { recursive: true });
const pool = new OcrPool();
const receipts = (await loadReceipts()).slice(0, Number(values.limit));
const started = performance.now();
let next = 0;
await Promise.all(
  [0, 1].map(async () => {
    while (next < receipts.length) {
      const receipt = receipts[next++]!;
      const parsed = await parseImage(await readFile(receipt.image), 'jpeg', { reader: pool });
      await writeFile(join(out, `${receipt.id}.json`), JSON.stringify(parsed));
    }
  }),
);
console.log(`${receipts.length} receipts read in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await pool.close();
