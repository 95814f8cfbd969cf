import { describe, expect, it } from 'vitest';
import { imagePages, MAX_PAGE_PIXELS } from '../../../../../../src/engine/pipeline/read/image/image-header.js';
import { makePngBomb, makeTiffClaiming } from '../../../../../fixtures/scan-files.js';
import { makeTextImage } from '../../../../../fixtures/text-image.js';
import { failureOfCall } from '../../../../../support/processing-failure.js';


describe('imagePages', () => {
  const png = makeTextImage({ width: 321, height: 123, lines: [{ text: 'x', x: 10, y: 50, size: 20 }] });
  const jpeg = makeTextImage({ width: 300, height: 111, lines: [{ text: 'x', x: 10, y: 50, size: 20 }] }, 'jpeg');

  it('reads sizes from PNG, JPEG and every page of a TIFF without decoding', () => {
    expect(imagePages(png.bytes, 'png')).toEqual([{ width: 321, height: 123 }]);
    expect(imagePages(jpeg.bytes, 'jpeg')).toEqual([{ width: 300, height: 111 }]);
    expect(imagePages(makeTiffClaiming([{ width: 10, height: 20 }, { width: 30, height: 40 }]), 'tiff')).toEqual([
      { width: 10, height: 20 },
      { width: 30, height: 40 },
    ]);
  });

  it('refuses decompression bombs by their declared size', () => {
    const bomb = makePngBomb(10_001, 10_001);
    expect(bomb.length).toBeLessThan(100_000);
    expect(failureOfCall(() => imagePages(bomb, 'png'))).toMatch(/10001 × 10001 pixels \(100 megapixels\).*at most 100 megapixels/);
    expect(failureOfCall(() => imagePages(makeTiffClaiming([{ width: 100, height: 100 }, { width: 40_000, height: 40_000 }]), 'tiff'))).toMatch(/^Page 2 is 40000 × 40000/);
    expect(MAX_PAGE_PIXELS).toBe(100_000_000);
  });

  it('tells damaged, truncated and mislabelled files apart', () => {
    expect(failureOfCall(() => imagePages(png.bytes.subarray(0, png.bytes.length - 100), 'png'))).toMatch(/PNG image is truncated/);
    expect(failureOfCall(() => imagePages(jpeg.bytes.subarray(0, jpeg.bytes.length - 100), 'jpeg'))).toMatch(/JPEG image is truncated/);
    expect(failureOfCall(() => imagePages(png.bytes, 'jpeg'))).toMatch(/not a readable JPEG/);
    expect(failureOfCall(() => imagePages(new TextEncoder().encode('hello'), 'tiff'))).toMatch(/not a readable TIFF/);
  });

  it('guards TIFF page chains: loops, and more than 1000 pages', () => {
    const looped = makeTiffClaiming([{ width: 5, height: 5 }]);
    // Point the first directory's "next" offset back at itself.
    const view = new DataView(looped.buffer, looped.byteOffset);
    const first = view.getUint32(4, true);
    view.setUint32(first + 2 + view.getUint16(first, true) * 12, first, true);
    expect(failureOfCall(() => imagePages(looped, 'tiff'))).toMatch(/not a readable TIFF/);
    const many = makeTiffClaiming(Array.from({ length: 1001 }, () => ({ width: 1, height: 1 })));
    expect(failureOfCall(() => imagePages(many, 'tiff'))).toMatch(/more than 1000 pages/);
  });
});
