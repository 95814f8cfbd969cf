import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCorpus } from './corpus.js';

// npx tsx bench/corpus/generate.ts --seed 7 --out bench/corpus/out [--size 40]
const { values } = parseArgs({ options: { seed: { type: 'string', default: '7' }, out: { type: 'string', default: 'bench/corpus/out' }, size: { type: 'string', default: '40' } } });
const seed = Number(values.seed);
const size = Number(values.size);
if (!Number.isInteger(seed) || !Number.isInteger(size) || size < 1) {
  process.stderr.write('usage: npx tsx bench/corpus/generate.ts --seed <integer> --out <folder> [--size <documents>]\n');
  process.exit(2);
}
const started = performance.now();
const manifest = await generateCorpus({ seed, outDir: resolve(values.out), size });
const count = (rendering: string) => manifest.entries.filter((e) => e.rendering === rendering).length;
process.stdout.write(
  `corpus seed ${seed}: ${count('text-pdf')} text PDFs (${manifest.entries.filter((e) => e.documents.length > 1).length} multi-document), ` +
    `${count('scan-image')} scanned images, ${count('scan-pdf')} scanned PDFs in ${values.out} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
);
