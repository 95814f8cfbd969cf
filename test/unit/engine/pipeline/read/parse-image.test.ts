import { afterAll, describe, expect, it } from 'vitest';
import { decodeImagePage } from '../../../../../src/engine/pipeline/read/image/decode-image.js';
import { rotateRaster } from '../../../../../src/engine/pipeline/read/image/raster.js';
import { OcrPool, ReaderClosed } from '../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseImage } from '../../../../../src/engine/pipeline/read/parse-image.js';
import { ProcessingFailure } from '../../../../../src/engine/pipeline/document/parsed-document.js';
import { makePhotoPage } from '../../../../fixtures/photo-page.js';
import { makeTiff } from '../../../../fixtures/scan-files.js';
import { drawRoundSeal } from '../../../../fixtures/stamp-drawing.js';
import { makeTextImage } from '../../../../fixtures/text-image.js';
import { createCanvas, ImageData } from '@napi-rs/canvas';

const reader = new OcrPool();
afterAll(() => reader.close());

const invoice = makeTextImage({ width: 640, height: 200, lines: [{ text: 'Invoice Number: INV-7', x: 30, y: 110, size: 34 }] });
const texts = (parsed: Awaited<ReturnType<typeof parseImage>>) => parsed.document.pages.map((p) => p.lines.map((l) => l.text));

async function turned(png: Uint8Array, clockwise: 90 | 180 | 270): Promise<Uint8Array> {
  const raster = rotateRaster(await decodeImagePage(png, 'png', 0), clockwise);
  const canvas = createCanvas(raster.width, raster.height);
  canvas.getContext('2d').putImageData(new ImageData(raster.data, raster.width, raster.height), 0, 0);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

describe('parseImage', () => {
  it('reads a PNG and a JPEG: image pixels, dpi 0', async () => {
    const png = await parseImage(invoice.bytes, 'png', { reader });
    expect(png.pages).toEqual([{ page: 0, angle: 0, width: 640, height: 200, dpi: 0 }]);
    expect(texts(png)).toEqual([['Invoice Number: INV-7']]);
    const jpeg = makeTextImage({ width: 640, height: 200, lines: [{ text: '价税合计：¥1,394.99', x: 30, y: 110, size: 40 }] }, 'jpeg');
    expect(texts(await parseImage(jpeg.bytes, 'jpeg', { reader }))).toEqual([['价税合计：￥1,394.99']]);
  });

  it('reads a 600 dpi scan shrunk while it loads, and answers its lines in the pixels of the image itself', async () => {
    // 4200 x 3000 = 12.6 megapixels, over READ_PIXELS: read at half size, answered at full.
    const big = makeTextImage({ width: 4200, height: 3000, lines: [{ text: 'Invoice Number: INV-600', x: 600, y: 1500, size: 120 }] }, 'jpeg');
    const parsed = await parseImage(big.bytes, 'jpeg', { reader });
    expect(parsed.pages).toEqual([{ page: 0, angle: 0, width: 4200, height: 3000, dpi: 0 }]);
    const [line] = parsed.document.pages[0]!.lines;
    expect(line?.text).toBe('Invoice Number: INV-600');
    const [left, top, right, bottom] = big.lines[0]!.box;
    expect(Math.abs(line!.position[0]! - left)).toBeLessThan(40);
    expect(Math.abs(line!.position[1]! - top)).toBeLessThan(40);
    expect(Math.abs(line!.position[4]! - right)).toBeLessThan(60);
    expect(Math.abs(line!.position[5]! - bottom)).toBeLessThan(40);
  });

  it('reads every page of a TIFF, each with its own angle, and only the asked pages', async () => {
    const second = makeTextImage({ width: 640, height: 200, lines: [{ text: 'Total Amount: 12.50', x: 30, y: 110, size: 40 }] });
    const tiff = await makeTiff([invoice.bytes, await turned(second.bytes, 90)]);
    const parsed = await parseImage(tiff, 'tiff', { reader });
    expect(parsed.pages).toEqual([
      { page: 0, angle: 0, width: 640, height: 200, dpi: 0 },
      { page: 1, angle: 90, width: 640, height: 200, dpi: 0 },
    ]);
    expect(texts(parsed)).toEqual([['Invoice Number: INV-7'], ['Total Amount: 12.50']]);
    const only = await parseImage(tiff, 'tiff', { reader, pageIndexes: [1] });
    expect(only.pages.map((p) => [p.page, p.angle])).toEqual([[0, 90]]);
    await expect(parseImage(tiff, 'tiff', { reader, pageIndexes: [2] })).rejects.toThrow(/Page 2 does not exist: the image has 2 page/);
  });

  it('reports stamps with their page, and regions when asked', async () => {
    const sealed = makeTextImage({ width: 700, height: 500, lines: [{ text: 'Seller: Star River Ltd', x: 30, y: 60, size: 32 }], draw: (c) => drawRoundSeal(c, 350, 290, 150, '北京星河科技有限公司', '发票专用章') });
    const parsed = await parseImage(sealed.bytes, 'png', { reader });
    expect(parsed.stamps).toMatchObject([{ page: 0, color: 'red', shape: 'circle' }]);
    expect(parsed.regions).toEqual([]);
    const photo = makePhotoPage(900, 600, [
      { left: 40, top: 60, width: 380, height: 200, lines: ['RECEIPT A'] },
      { left: 480, top: 320, width: 380, height: 200, lines: ['RECEIPT B'] },
    ]);
    const cut = await parseImage(photo, 'png', { reader, findRegions: true });
    expect(cut.regions!.map((r) => r.page)).toEqual([0, 0]);
    const crop = { box: cut.regions![1]!.box, parentAngle: 0 as const };
    expect(texts(await parseImage(photo, 'png', { reader, crop }))).toEqual([['RECEIPT B']]);
  });

  it('fails a damaged image with its cause, worded in the worker', async () => {
    const cut = invoice.bytes.slice(0, 400);
    const error = await parseImage(cut, 'png', { reader }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessingFailure);
    expect((error as Error).message).toMatch(/truncated/);
  });
});

describe('OcrPool', () => {
  it('refuses work once closed, so that a stopping engine requeues the job', async () => {
    const pool = new OcrPool({ threads: 1 });
    await pool.close();
    await expect(pool.read({ source: { kind: 'image', format: 'png', bytes: new SharedArrayBuffer(1), page: 0 }, stamps: false, regions: false })).rejects.toBeInstanceOf(ReaderClosed);
  });

  it('fails the work given to a worker that cannot start, instead of leaving it waiting', async () => {
    const pool = new OcrPool({ threads: 1, worker: new URL('./no-such-worker.js', import.meta.url) });
    try {
      const layer = { key: 'k', bytes: new SharedArrayBuffer(1), password: undefined, pageIndexes: undefined, dpi: 144, textLayer: true };
      await expect(pool.readTextLayer(layer)).rejects.toThrow(/page workers could not start.*no-such-worker/);
    } finally {
      await pool.close();
    }
  });
});
