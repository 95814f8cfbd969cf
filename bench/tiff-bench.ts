// npx tsx bench/tiff-bench.ts [--rounds 3] [--reference-root DIR]
//
// Per-page decode time of TIFF pages through libvips (sharp, `decodeImagePage`), against the engine's
// own TIFF decoder of commit 5e75a32 in the same run, on the same files: two full-size A4 scans at
// 300 dpi (bench/ocr/invoice-scans.ts) stored bilevel, grey and RGB by our fixture writer, copied by
// libtiff's tiffcp into the compressions office scanners write (strips as tiffcp cuts them, tiles
// where named). Each figure is the median over the rounds of one page's decode to opaque RGBA, with
// libvips's default threads (one on glibc Linux, sharp's choice against memory fragmentation); "max Δ"
// is the largest difference of a colour value between the two decodes. The reference decoder is loaded
// from --reference-root (made on first use: bench/tiff/). Needs Debian's libtiff-tools.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { decodeImagePage } from '../src/engine/pipeline/read/image/decode-image.js';
import type { Raster } from '../src/engine/pipeline/read/image/raster.js';
import { makeEncodedTiff, type TiffPixels } from '../test/fixtures/tiff-files.js';
import { median } from './core-bench-kit.js';
import { loadAverage } from './machine-load.js';
import { invoiceScans } from './ocr/invoice-scans.js';
import { REFERENCE_COMMIT, referenceDecoder, type PageDecoder } from './tiff/reference-decoder.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, 'reference-root': { type: 'string', default: join(tmpdir(), `docket-tiff-ref-${REFERENCE_COMMIT}`) } } });
const ROUNDS = Number(values.rounds);

/** What a scanner stores, and how tiffcp compresses it. */
const VARIANTS: readonly { pixels: TiffPixels; tiffcp: readonly string[] }[] = [
  { pixels: 'bilevel', tiffcp: ['-c', 'g4'] },
  { pixels: 'bilevel', tiffcp: ['-c', 'g4', '-t'] },
  { pixels: 'bilevel', tiffcp: ['-c', 'g3:2d'] },
  { pixels: 'bilevel', tiffcp: ['-c', 'lzw'] },
  { pixels: 'bilevel', tiffcp: ['-c', 'packbits'] },
  { pixels: 'grey', tiffcp: ['-c', 'none'] },
  { pixels: 'grey', tiffcp: ['-c', 'lzw:2'] },
  { pixels: 'grey', tiffcp: ['-c', 'zip'] },
  { pixels: 'grey', tiffcp: ['-c', 'jpeg', '-r', '16'] },
  { pixels: 'rgb', tiffcp: ['-c', 'none'] },
  { pixels: 'rgb', tiffcp: ['-c', 'lzw:2'] },
  { pixels: 'rgb', tiffcp: ['-c', 'zip', '-t'] },
  { pixels: 'rgb', tiffcp: ['-c', 'jpeg', '-r', '16'] },
];

type Timing = { name: string; reference: number; vips: number; maxDelta: number };

async function timed(decode: () => Promise<Raster>): Promise<{ ms: number; raster: Raster }> {
  const start = performance.now();
  const raster = await decode();
  return { ms: performance.now() - start, raster };
}

/** One page's median decode times; the decoders alternate, so that a busy moment of the machine falls on both. */
async function timePage(bytes: Uint8Array, page: number, reference: PageDecoder): Promise<Omit<Timing, 'name'>> {
  const [old, vips]: [number[], number[]] = [[], []];
  let maxDelta = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const a = await timed(() => reference(bytes, 'tiff', page));
    const b = await timed(() => decodeImagePage(bytes, 'tiff', page));
    if (a.raster.width !== b.raster.width || a.raster.height !== b.raster.height) throw new Error(`page ${page + 1}: the decoders disagree on its size`);
    if (round === 0) maxDelta = b.raster.data.reduce((max, v, i) => Math.max(max, Math.abs(v - a.raster.data[i]!)), 0);
    old.push(a.ms);
    vips.push(b.ms);
  }
  return { reference: median(old), vips: median(vips), maxDelta };
}

async function main(): Promise<void> {
  const reference = await referenceDecoder(values['reference-root']);
  const scans = (await invoiceScans()).jpegs.map((jpeg) => jpeg.bytes);
  const dir = mkdtempSync(join(tmpdir(), 'docket-tiff-bench-'));
  const timings: Timing[] = [];
  try {
    for (const variant of VARIANTS) {
      const source = join(dir, `${variant.pixels}.tif`);
      writeFileSync(source, await makeEncodedTiff(scans, { pixels: variant.pixels, compression: 'none' }));
      const copy = join(dir, 'copy.tif');
      execFileSync('tiffcp', [...variant.tiffcp, source, copy]);
      const bytes = new Uint8Array(readFileSync(copy));
      for (const page of [0, 1]) timings.push({ name: `${variant.pixels} ${variant.tiffcp.join(' ')} p${page + 1}`, ...(await timePage(bytes, page, reference)) });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report(timings);
}

function report(timings: readonly Timing[]): void {
  const ms = (n: number) => n.toFixed(1).padStart(10);
  console.log(`TIFF page decode, A4 300 dpi (2479 × 3508), median of ${ROUNDS}; ${availableParallelism()} cores, load ${loadAverage()}; libvips ${sharp.versions.vips}, ${sharp.concurrency()} thread(s)`);
  console.log(`${'page'.padEnd(28)}${'5e75a32 ms'.padStart(10)}${'libvips ms'.padStart(11)}  libvips/5e75a32  max Δ`);
  for (const t of timings) console.log(`${t.name.padEnd(28)}${ms(t.reference)} ${ms(t.vips)}  ${(t.vips / t.reference).toFixed(2).padStart(15)}  ${t.maxDelta}`);
  const mean = (key: 'reference' | 'vips') => timings.reduce((sum, t) => sum + t[key], 0) / timings.length;
  console.log(`${'mean per page'.padEnd(28)}${ms(mean('reference'))} ${ms(mean('vips'))}  ${(mean('vips') / mean('reference')).toFixed(2).padStart(15)}`);
  const slower = timings.filter((t) => t.vips > t.reference);
  console.log(slower.length === 0 ? 'bar met: no page decodes slower than with 5e75a32' : `slower than 5e75a32: ${slower.map((t) => t.name).join('; ')}`);
}

await main();
