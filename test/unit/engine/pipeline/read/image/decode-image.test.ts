import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImagePage, decodePageToRead, decodePicture, READ_DPI, READ_PIXELS, readShrink } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';

/** A picture twice as wide as high: red on its left half, blue on its right. */
const halves = (height = 100) =>
  sharp({ create: { width: height * 2, height, channels: 3, background: '#0000ff' } }).composite([{ input: { create: { width: height, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }]);
const pixel = (raster: { width: number; data: Uint8ClampedArray }, x: number, y: number) => [...raster.data.subarray((y * raster.width + x) * 4, (y * raster.width + x) * 4 + 4)];

describe('decodeImagePage', () => {
  it('turns a photo upright as its orientation tag says, as the viewer and browsers show it', async () => {
    // Orientation 6: the camera was turned a quarter clockwise; the picture is shown turned back.
    const photo = new Uint8Array(await halves().jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer());
    const page = await decodeImagePage(photo, 'jpeg', 0);
    expect([page.width, page.height]).toEqual([100, 200]);
    expect(pixel(page, 50, 20).map((v) => v > 128)).toEqual([true, false, false, true]);
    expect(pixel(page, 50, 180).map((v) => v > 128)).toEqual([false, false, true, true]);
  });

  it('lays transparent pixels over white paper, and keeps every page opaque RGBA', async () => {
    const clear = await sharp({ create: { width: 4, height: 2, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const page = await decodeImagePage(new Uint8Array(clear), 'png', 0);
    expect(page.data.length).toBe(4 * 2 * 4);
    // Half-covering red (alpha 128 of 255) over white: the white shows through 127 of 255.
    expect(pixel(page, 3, 1)).toEqual([255, 127, 127, 255]);
  });
});

describe('decodePicture', () => {
  it('decodes a picture no larger than it is drawn, keeping its proportions, and never enlarges', async () => {
    const photo = new Uint8Array(await halves(1000).jpeg().toBuffer());
    const small = await decodePicture(photo, { width: 150.4, height: 90 });
    expect([small.width, small.height]).toEqual([151, 76]);
    expect(pixel(small, 10, 40).map((v) => v > 128)).toEqual([true, false, false, true]);
    const big = await decodePicture(photo, { width: 5000, height: 5000 });
    expect([big.width, big.height]).toEqual([2000, 1000]);
  });

  it('reads GIF and WebP pictures as well', async () => {
    for (const bytes of [await halves().gif().toBuffer(), await halves().webp({ lossless: true }).toBuffer()]) {
      const picture = await decodePicture(new Uint8Array(bytes), { width: 200, height: 100 });
      expect(pixel(picture, 150, 50)).toEqual([0, 0, 255, 255]);
    }
  });
});

describe('decodePageToRead', () => {
  it('shrinks a page of more than READ_PIXELS by a whole factor while it loads, and says the scale back', async () => {
    // 5000 x 4000 = 20 megapixels: a factor of 2 brings it under 10.
    const scan = new Uint8Array(await halves(4000).resize(5000, 4000).jpeg().toBuffer());
    const { raster, scale } = await decodePageToRead(scan, 'jpeg', 0);
    expect([raster.width, raster.height, scale]).toEqual([2500, 2000, 2]);
    expect(raster.width * raster.height).toBeLessThanOrEqual(READ_PIXELS);
    expect(pixel(raster, 100, 1000).map((v) => v > 128)).toEqual([true, false, false, true]);
  });

  it('shrinks a page over READ_PIXELS that states its resolution down to READ_DPI, not further', async () => {
    // 5000 x 4000 at 600 dpi: 8.3 x 6.7 inches, read at 150 dpi (a factor of 4, not the 2 the bound asks).
    const scan = new Uint8Array(await halves(4000).resize(5000, 4000).withMetadata({ density: 600 }).jpeg().toBuffer());
    const { raster, scale } = await decodePageToRead(scan, 'jpeg', 0);
    expect([raster.width, raster.height, scale]).toEqual([1250, 1000, 4]);
    expect(pixel(raster, 100, 500).map((v) => v > 128)).toEqual([true, false, false, true]);
  });

  it('leaves a page within READ_PIXELS at its own size', async () => {
    const { raster, scale } = await decodePageToRead(new Uint8Array(await halves(1000).png().toBuffer()), 'png', 0);
    expect([raster.width, raster.height, scale]).toEqual([2000, 1000, 1]);
  });
});

describe('readShrink', () => {
  const a4 = (dpi: number) => ({ width: Math.round((210 / 25.4) * dpi), height: Math.round((297 / 25.4) * dpi) });

  it('reads a page within READ_PIXELS at its own size, whatever resolution it states', () => {
    expect(readShrink(a4(300), 300)).toBe(1);
    expect(readShrink(a4(150), 1200)).toBe(1);
    expect(readShrink({ width: 3000, height: 3000 }, undefined)).toBe(1);
  });

  it('brings a larger page with a stated resolution to the lowest whole fraction at or above READ_DPI', () => {
    expect(READ_DPI).toBe(144);
    expect(readShrink(a4(600), 600)).toBe(4);
    expect(readShrink(a4(400), 400)).toBe(2);
    expect(readShrink(a4(1200), 1200)).toBe(8);
  });

  it('brings a page without a resolution, or with less than READ_DPI, within READ_PIXELS', () => {
    expect(readShrink(a4(600), undefined)).toBe(2);
    // A camera's 20 megapixels, nominally 72 dpi.
    expect(readShrink({ width: 5472, height: 3648 }, 72)).toBe(2);
    expect(readShrink({ width: 10_000, height: 9_000 }, 300)).toBe(3);
  });
});
