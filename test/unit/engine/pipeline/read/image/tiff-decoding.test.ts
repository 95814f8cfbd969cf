import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeImagePage, imagePageCount } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import type { Raster } from '../../../../../../src/engine/pipeline/read/image/raster.js';
import { makeScanPage } from '../../../../../fixtures/scan-page.js';
import { makeTiff, makeTiffClaiming } from '../../../../../fixtures/scan-files.js';
import { FAX_RUNS_HEIGHT, FAX_RUNS_WIDTH, faxRunsBits } from '../../../../../fixtures/tiff/fax-runs.js';
import { FAX_RUN_FIXTURES, readLibtiffFixture } from '../../../../../fixtures/tiff/libtiff-fixtures.js';
import { isLossy, knownPages, LIBTIFF_SET, tiff2rgbaPages, writeLibtiffSet, type KnownPage } from '../../../../../fixtures/tiff/libtiff-set.js';
import { makeEncodedTiff, withTiffTag, type TiffLayout } from '../../../../../fixtures/tiff-files.js';
import { failureOf } from '../../../../../support/processing-failure.js';

const dir = mkdtempSync(join(tmpdir(), 'docket-libtiff-set-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const paths = await writeLibtiffSet(dir);

/** Pixels whose colour differs from the reference's by more than `tolerance` in a channel, or that are not opaque. */
function wrongPixels(got: Raster, want: KnownPage, tolerance = 0): number {
  expect([got.width, got.height]).toEqual([want.width, want.height]);
  let wrong = 0;
  for (let i = 0; i < got.data.length; i += 4) {
    if (got.data[i + 3] !== 255 || [0, 1, 2].some((c) => Math.abs(got.data[i + c]! - want.data[i + c]!) > tolerance)) wrong++;
  }
  return wrong;
}

describe('TIFFs libtiff writes, decoded by libvips', () => {
  it.each(LIBTIFF_SET.map((copy, i) => ({ ...copy, path: paths[i]! })))(
    '$name: every page as the source holds it (JPEG: as tiff2rgba decodes it)',
    async (copy) => {
      const bytes = new Uint8Array(readFileSync(copy.path));
      const reference = isLossy(copy) ? tiff2rgbaPages(copy.path) : knownPages(copy.depth);
      expect(await imagePageCount(bytes, 'tiff')).toBe(2);
      for (const [page, want] of reference.entries()) expect(wrongPixels(await decodeImagePage(bytes, 'tiff', page), want), `page ${page + 1}`).toBe(0);
    },
  );

  it('compares strictly enough to fail: one wrong pixel counts, and a JPEG copy is not its source', async () => {
    const [first] = knownPages(24);
    const off = { ...first!, data: Uint8ClampedArray.from(first!.data) };
    off.data[4 * 123 + 1]! ^= 1;
    const lossless = LIBTIFF_SET.findIndex((copy) => copy.depth === 24 && copy.compression === 'none');
    expect(wrongPixels(await decodeImagePage(new Uint8Array(readFileSync(paths[lossless]!)), 'tiff', 0), off)).toBe(1);
    const jpeg = LIBTIFF_SET.findIndex((copy) => copy.depth === 24 && copy.compression === 'jpeg');
    expect(wrongPixels(await decodeImagePage(new Uint8Array(readFileSync(paths[jpeg]!)), 'tiff', 0), first!)).toBeGreaterThan(1000);
  });

  it('decodes the fax run page bit for bit, in either fill order, Group 3 (1D and 2D) and Group 4', async () => {
    const bits = faxRunsBits();
    const rowBytes = Math.ceil(FAX_RUNS_WIDTH / 8);
    const black = (x: number, y: number) => (bits[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
    const want = new Uint8ClampedArray(FAX_RUNS_WIDTH * FAX_RUNS_HEIGHT * 4);
    for (let p = 0; p < FAX_RUNS_WIDTH * FAX_RUNS_HEIGHT; p++) want.fill(black(p % FAX_RUNS_WIDTH, Math.floor(p / FAX_RUNS_WIDTH)) ? 0 : 255, p * 4, p * 4 + 3).fill(255, p * 4 + 3, p * 4 + 4);
    for (const { file } of FAX_RUN_FIXTURES) {
      expect(wrongPixels(await decodeImagePage(readLibtiffFixture(file), 'tiff', 0), { width: FAX_RUNS_WIDTH, height: FAX_RUNS_HEIGHT, data: want }), file).toBe(0);
    }
  });

  it('reads a BigTIFF, and colour planes stored apart', async () => {
    const big = join(dir, 'big.tif');
    execFileSync('tiffcp', ['-8', '-c', 'lzw', join(dir, 'source-24bit.tif'), big]);
    const bytes = new Uint8Array(readFileSync(big));
    expect(await imagePageCount(bytes, 'tiff')).toBe(2);
    expect(wrongPixels(await decodeImagePage(bytes, 'tiff', 1), knownPages(24)[1]!)).toBe(0);
    const planes = join(dir, 'planes.tif');
    execFileSync('tiffcp', ['-p', 'separate', '-c', 'zip', join(dir, 'source-24bit.tif'), planes]);
    expect(wrongPixels(await decodeImagePage(new Uint8Array(readFileSync(planes)), 'tiff', 0), knownPages(24)[0]!)).toBe(0);
  });
});

describe('TIFF pixel layouts as our fixture writer stores them', () => {
  const page = makeScanPage(['Invoice Number: INV-42', '发票代码 044001900111']);
  const layouts: TiffLayout[] = [
    { pixels: 'rgb', compression: 'lzw', predictor: true },
    { pixels: 'rgba', compression: 'packbits' },
    { pixels: 'grey4', compression: 'deflate' },
    { pixels: 'grey2', compression: 'packbits' },
    { pixels: 'grey16', compression: 'lzw', predictor: true, bigEndian: true },
    { pixels: 'rgb16', compression: 'none', bigEndian: true },
    { pixels: 'palette', compression: 'lzw', rowsPerStrip: 5 },
    { pixels: 'palette4', compression: 'packbits' },
    { pixels: 'bilevel', compression: 'lzw', fillOrder: 2 },
    { pixels: 'bilevel-black-is-zero', compression: 'packbits', bigEndian: true },
    { pixels: 'cmyk', compression: 'lzw' },
  ];

  it.each(layouts)('decodes %o as the 8-bit RGB page it stores', async (layout) => {
    const original = await decodeImagePage(page, 'png', 0);
    const want = { ...original, data: Uint8ClampedArray.from(original.data) };
    for (let i = 0; i < want.data.length; i += 4) want.data.set(kept(layout, [...want.data.subarray(i, i + 3)]), i);
    // libvips turns CMYK into RGB through a press profile, not by ink arithmetic.
    expect(wrongPixels(await decodeImagePage(await makeEncodedTiff([page], layout), 'tiff', 0), want, layout.pixels === 'cmyk' ? 40 : 0)).toBe(0);
  });
});

/** What a layout keeps of a pixel: its colour, its grey level in as many levels as it stores, or black and white. */
function kept(layout: TiffLayout, [r, g, b]: number[]): number[] {
  const grey = Math.round(0.299 * r! + 0.587 * g! + 0.114 * b!);
  const levels = { grey: 8, grey16: 8, grey4: 4, palette4: 4, grey2: 2 }[layout.pixels as string];
  if (levels) return Array<number>(3).fill((grey >> (8 - levels)) * (255 / (2 ** levels - 1)));
  if (layout.pixels === 'palette') return [((r! >> 5) * 255) / 7, ((g! >> 5) * 255) / 7, (b! >> 6) * 85].map(Math.round);
  if (layout.pixels.startsWith('bilevel')) return Array<number>(3).fill(grey < 128 ? 0 : 255);
  return [r!, g!, b!];
}

describe('TIFFs the engine cannot read, and hostile ones', () => {
  const page = makeScanPage(['Invoice Number: INV-42']);

  it('names a compression the engine lacks, page by page, with what to save instead', async () => {
    const two = await makeEncodedTiff([page, page], { pixels: 'rgb', compression: 'lzw' });
    expect(await failureOf(decodeImagePage(withTiffTag(two, 1, 259, 34712), 'tiff', 1))).toBe(
      'Page 2 of the TIFF is compressed with JPEG 2000, which the local engine cannot decode. Save the scan as PDF, or as a TIFF with LZW, Deflate, PackBits, CCITT Group 4 or JPEG compression, and upload that.',
    );
    const zstd = join(dir, 'zstd.tif');
    execFileSync('tiffcp', ['-c', 'zstd', join(dir, 'source-8bit.tif'), zstd]);
    expect(await failureOf(decodeImagePage(new Uint8Array(readFileSync(zstd)), 'tiff', 0))).toMatch(/^Page 1 of the TIFF is compressed with Zstandard, which the local engine cannot decode\./);
  });

  it('fails damaged strips at once with what is damaged, and a cut-off file as truncated', async () => {
    const lzw = await makeEncodedTiff([page], { pixels: 'bilevel', compression: 'lzw' });
    // Our writer puts the strips first, right after the 8-byte header.
    const garbled = lzw.map((byte, i) => (i >= 8 && i < 600 && i % 5 === 0 ? 0xff : byte));
    expect(await failureOf(decodeImagePage(garbled, 'tiff', 0))).toBe('The TIFF image could not be decoded (damaged or truncated): the LZW data is damaged.');
    const grey = await makeEncodedTiff([page, page], { pixels: 'grey', compression: 'lzw', rowsPerStrip: 1000 });
    expect(await failureOf(decodeImagePage(withTiffTag(grey, 0, 279, grey.length * 2), 'tiff', 0))).toMatch(/^The TIFF image is truncated/);
    // The second page's directory is past the cut: libtiff alone would count one page.
    expect(await failureOf(imagePageCount(grey.subarray(0, Math.floor(grey.length * 0.6)), 'tiff'))).toMatch(/^The TIFF image is truncated/);
    const noisyFax = Uint8Array.from(readLibtiffFixture('runs-g4-strips.tif')).fill(0x01, 200, 2000);
    // libtiff's fax decoder reads on past damaged lines; it must not hang.
    expect((await decodeImagePage(noisyFax, 'tiff', 0)).width).toBe(FAX_RUNS_WIDTH);
  });

  it('tells a file that is no TIFF, a bare BigTIFF header and a mislabelled PNG', async () => {
    for (const bytes of [new TextEncoder().encode('hello'), Uint8Array.from([0x49, 0x49, 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]), page]) {
      expect(await failureOf(imagePageCount(bytes, 'tiff'))).toBe('The file is not a readable TIFF image (damaged, truncated or not really a TIFF).');
    }
  });

  it('measures each page before decoding it: a bomb on page 2 fails by its declared size', async () => {
    const bomb = makeTiffClaiming([{ width: 100, height: 100 }, { width: 40_000, height: 40_000 }]);
    expect(await imagePageCount(bomb, 'tiff')).toBe(2);
    expect(await failureOf(decodeImagePage(bomb, 'tiff', 1))).toMatch(/^Page 2 is 40000 × 40000 pixels \(1600 megapixels\); the engine reads at most 100 megapixels per page/);
  });

  it('guards page chains: more than 1000 pages, a chain that loops, a page past the last', async () => {
    const many = makeTiffClaiming(Array.from({ length: 1001 }, () => ({ width: 1, height: 1 })));
    expect(await failureOf(imagePageCount(many, 'tiff'))).toBe('The TIFF has more than 1000 pages; the engine reads at most 1000 pages per file.');
    const looped = await makeTiff([page, page]);
    const view = new DataView(looped.buffer, looped.byteOffset);
    const first = view.getUint32(4, true);
    const second = view.getUint32(first + 2 + view.getUint16(first, true) * 12, true);
    // The second page's "next" offset points back at the first: libtiff stops there.
    view.setUint32(second + 2 + view.getUint16(second, true) * 12, first, true);
    expect(await imagePageCount(looped, 'tiff')).toBe(2);
    expect(await failureOf(decodeImagePage(looped, 'tiff', 2))).toBe('Page 2 does not exist: the image has 2 page(s).');
  });
});
