import { describe, expect, it } from 'vitest';
import { decodeImagePage } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import { imagePages } from '../../../../../../src/engine/pipeline/read/image/image-header.js';
import { readTiffPages } from '../../../../../../src/engine/pipeline/read/image/tiff-directory.js';
import { readTiffSamples } from '../../../../../../src/engine/pipeline/read/image/tiff-samples.js';
import { ProcessingFailure } from '../../../../../../src/engine/pipeline/document/parsed-document.js';
import { makeScanPage } from '../../../../../fixtures/scan-page.js';
import { FAX_RUNS_HEIGHT, FAX_RUNS_WIDTH, faxRunsBits } from '../../../../../fixtures/tiff/fax-runs.js';
import { FAX_RUN_FIXTURES, readLibtiffFixture } from '../../../../../fixtures/tiff/libtiff-fixtures.js';
import { makeEncodedTiff, withTiffTag, type TiffLayout } from '../../../../../fixtures/tiff-files.js';

async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProcessingFailure);
    return (error as Error).message;
  }
  throw new Error('expected a ProcessingFailure');
}

const page = makeScanPage(['Invoice Number: INV-42', '发票代码 044001900111']);
const original = await decodeImagePage(page, 'png', 0);

/** What a layout keeps of a pixel: its colour, its grey level, or black and white. */
function expected(layout: TiffLayout, i: number): number[] {
  const [r, g, b] = [original.data[i]!, original.data[i + 1]!, original.data[i + 2]!];
  const grey = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  if (layout.pixels === 'rgb' || layout.pixels === 'rgba' || layout.pixels === 'rgb16') return [r, g, b];
  if (layout.pixels === 'grey' || layout.pixels === 'grey16') return [grey, grey, grey];
  if (layout.pixels === 'grey2') return Array<number>(3).fill((grey >> 6) * 85);
  if (layout.pixels === 'grey4' || layout.pixels === 'palette4') return Array<number>(3).fill((grey >> 4) * 17);
  if (layout.pixels === 'palette') return [((r >> 5) * 255) / 7, ((g >> 5) * 255) / 7, (b >> 6) * 85].map(Math.round);
  if (layout.pixels === 'cmyk') return [r, g, b];
  return Array<number>(3).fill(grey < 128 ? 0 : 255);
}

describe('TIFF pages as our fixture writer stores them', () => {
  const layouts: TiffLayout[] = [
    { pixels: 'rgb', compression: 'none' },
    { pixels: 'rgb', compression: 'lzw', predictor: true },
    { pixels: 'rgb', compression: 'deflate', predictor: true, bigEndian: true },
    { pixels: 'rgba', compression: 'packbits' },
    { pixels: 'cmyk', compression: 'lzw' },
    { pixels: 'grey', compression: 'lzw', predictor: true, bigEndian: true },
    { pixels: 'grey4', compression: 'deflate' },
    { pixels: 'grey2', compression: 'packbits' },
    { pixels: 'grey16', compression: 'lzw', predictor: true, bigEndian: true },
    { pixels: 'grey16', compression: 'deflate', predictor: true },
    { pixels: 'rgb16', compression: 'none', bigEndian: true },
    { pixels: 'palette', compression: 'lzw', rowsPerStrip: 5 },
    { pixels: 'palette4', compression: 'packbits' },
    { pixels: 'bilevel', compression: 'none', fillOrder: 2 },
    { pixels: 'bilevel', compression: 'lzw', fillOrder: 2 },
    { pixels: 'bilevel-black-is-zero', compression: 'packbits', bigEndian: true },
  ];

  it.each(layouts)('decodes %o pixel for pixel', async (layout) => {
    const raster = await decodeImagePage(await makeEncodedTiff([page], layout), 'tiff', 0);
    expect([raster.width, raster.height]).toEqual([original.width, original.height]);
    let wrong = 0;
    for (let i = 0; i < raster.data.length; i += 4) {
      const want = expected(layout, i);
      // CMYK goes through whole-number ink levels both ways.
      const tolerance = layout.pixels === 'cmyk' ? 2 : 0;
      if (want.some((v, c) => Math.abs(v - raster.data[i + c]!) > tolerance) || raster.data[i + 3] !== 255) wrong++;
    }
    expect(wrong).toBe(0);
  });
});

describe('CCITT fax as libtiff codes it', () => {
  it.each(FAX_RUN_FIXTURES)('decodes $file bit for bit', ({ file }) => {
    const bytes = readLibtiffFixture(file);
    const [tiff] = readTiffPages(bytes);
    expect([tiff!.width, tiff!.height]).toEqual([FAX_RUNS_WIDTH, FAX_RUNS_HEIGHT]);
    const bits = faxRunsBits();
    expect(Buffer.from(readTiffSamples(bytes, tiff!).subarray(0, bits.length)).equals(Buffer.from(bits))).toBe(true);
  });
});

describe('damaged and unsupported TIFFs', () => {
  it('fails a damaged LZW or fax strip at once (utif2 loops for ever on some)', async () => {
    const lzw = await makeEncodedTiff([page], { pixels: 'bilevel', compression: 'lzw' });
    // Our writer puts the strips first, right after the 8-byte header.
    const garbled = lzw.map((byte, i) => (i >= 8 && i < 600 && i % 5 === 0 ? 0xff : byte));
    expect(await failure(() => decodeImagePage(garbled, 'tiff', 0))).toBe('The TIFF image could not be decoded (damaged or truncated): the LZW data is damaged.');
    const fax = readLibtiffFixture('runs-g4-strips.tif');
    const { offset, length } = readTiffPages(fax)[0]!.chunks[0]!;
    const noise = Uint8Array.from(fax);
    noise.fill(0x01, offset, offset + length);
    expect(await failure(() => decodeImagePage(noise, 'tiff', 0))).toBe('The TIFF image could not be decoded (damaged or truncated): the fax data is damaged.');
  });

  it('tells a truncated strip, a BigTIFF and encodings it cannot decode, page by page', async () => {
    const two = await makeEncodedTiff([page, page], { pixels: 'grey', compression: 'lzw', rowsPerStrip: 1000 });
    const strip = readTiffPages(two)[0]!.chunks[0]!;
    expect(await failure(async () => imagePages(withTiffTag(two, 0, 279, strip.length + two.length), 'tiff'))).toMatch(/^The TIFF image is truncated/);
    const bigTiff = Uint8Array.from([0x49, 0x49, 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]);
    expect(await failure(async () => imagePages(bigTiff, 'tiff'))).toMatch(/^The file is a BigTIFF/);
    expect(await failure(async () => imagePages(withTiffTag(two, 1, 259, 34712), 'tiff'))).toBe(
      'Page 2 of the TIFF is compressed with JPEG 2000, which the local engine cannot decode. Save the scan as PDF, or as a TIFF with LZW, Deflate, PackBits, CCITT Group 4 or JPEG compression, and upload that.',
    );
    expect(await failure(async () => imagePages(withTiffTag(two, 0, 262, 8), 'tiff'))).toBe(
      'Page 1 of the TIFF stores its pixels as CIE L*a*b* colour, which the local engine cannot decode. Save the scan in black and white, grey or RGB colour (as PDF, PNG, JPEG or TIFF) and upload that.',
    );
    expect(await failure(async () => imagePages(readLibtiffFixture('lzw-separate-planes.tif'), 'tiff'))).toMatch(/^The TIFF stores its colour channels in separate planes/);
  });
});
