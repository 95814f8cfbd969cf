/**
 * Dumps the OCR models' real input tensors (detector page inputs, recognizer line crops) for some
 * SROIE receipts, as calibration / timing data for scripts/quantize-ocr-models.py.
 *
 *   npx tsx scripts/dump-ocr-inputs.ts OUT_DIR INDEX...
 *
 * OUT_DIR gets det/NNNN.bin, rec/NNNN.bin (raw float32) and index.json (shapes, per tensor).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeImagePage } from '../src/engine/pipeline/read/image/decode-image.js';
import { loadOcrModels } from '../src/engine/pipeline/read/ocr/ocr-models.js';
import { recognizePage } from '../src/engine/pipeline/read/ocr/recognize-page.js';

type Session = { run: (feeds: Record<string, { data: unknown; dims: readonly number[] }>) => Promise<unknown> };

async function main(): Promise<void> {
  const [out, ...indexes] = process.argv.slice(2);
  if (!out || indexes.length === 0) throw new Error('usage: dump-ocr-inputs.ts OUT_DIR INDEX...');
  const images = '/work/shared/datasets/sroie-dev/img';
  const models = await loadOcrModels(1);
  const index: { det: { file: string; dims: number[]; receipt: string }[]; rec: { file: string; dims: number[]; receipt: string }[] } = { det: [], rec: [] };
  let receipt = '';
  const record = (kind: 'det' | 'rec', session: Session) => {
    const run = session.run.bind(session);
    session.run = async (feeds) => {
      const tensor = Object.values(feeds)[0]!;
      const file = join(kind, `${String(index[kind].length).padStart(5, '0')}.bin`);
      const data = tensor.data as Float32Array;
      await writeFile(join(out, file), Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      index[kind].push({ file, dims: [...tensor.dims], receipt });
      return run(feeds);
    };
  };
  await mkdir(join(out, 'det'), { recursive: true });
  await mkdir(join(out, 'rec'), { recursive: true });
  record('det', models.detector as unknown as Session);
  record('rec', models.recognizer as unknown as Session);
  for (const i of indexes) {
    receipt = i.padStart(3, '0');
    const bytes = new Uint8Array(await readFile(join(images, `${receipt}.jpg`)));
    const raster = await decodeImagePage(bytes, 'jpeg', 0);
    await recognizePage(models, raster);
    console.log(receipt, index.det.length, index.rec.length);
  }
  await writeFile(join(out, 'index.json'), JSON.stringify(index));
}

await main();
