import { describe, expect, it } from 'vitest';
import { decodeImagePage, imagePageCount } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import { imagePages, MAX_PAGE_PIXELS } from '../../../../../../src/engine/pipeline/read/image/image-header.js';
import { makePngBomb, makeTiffClaiming } from '../../../../../fixtures/scan-files.js';
import { makeTextImage } from '../../../../../fixtures/text-image.js';
import { failureOf, failureOfCall } from '../../../../../support/processing-failure.js';

describe('image headers', () => {
  const png = makeTextImage({ width: 321, height: 123, lines: [{ text: 'x', x: 10, y: 50, size: 20 }] });
  const jpeg = makeTextImage({ width: 300, height: 111, lines: [{ text: 'x', x: 10, y: 50, size: 20 }] }, 'jpeg');

  it('reads sizes from PNG and JPEG headers, and counts a TIFF\'s pages without decoding', async () => {
    expect(imagePages(png.bytes, 'png')).toEqual([{ width: 321, height: 123 }]);
    expect(imagePages(jpeg.bytes, 'jpeg')).toEqual([{ width: 300, height: 111 }]);
    expect(await imagePageCount(png.bytes, 'png')).toBe(1);
    // The pages claim sizes their one-pixel strips do not hold: counting them decodes nothing.
    expect(await imagePageCount(makeTiffClaiming([{ width: 10, height: 20 }, { width: 30, height: 40 }]), 'tiff')).toBe(2);
  });

  it('refuses decompression bombs by their declared size, before decoding', async () => {
    const bomb = makePngBomb(10_001, 10_001);
    expect(bomb.length).toBeLessThan(100_000);
    expect(failureOfCall(() => imagePages(bomb, 'png'))).toMatch(/10001 × 10001 pixels \(100 megapixels\).*at most 100 megapixels/);
    expect(await failureOf(decodeImagePage(bomb, 'png', 0))).toMatch(/^The image is 10001 × 10001 pixels/);
    expect(await failureOf(decodeImagePage(makeTiffClaiming([{ width: 40_000, height: 40_000 }]), 'tiff', 0))).toMatch(/^The image is 40000 × 40000/);
    expect(MAX_PAGE_PIXELS).toBe(100_000_000);
  });

  it('tells damaged, truncated and mislabelled files apart', async () => {
    expect(failureOfCall(() => imagePages(png.bytes.subarray(0, png.bytes.length - 100), 'png'))).toMatch(/PNG image is truncated/);
    expect(failureOfCall(() => imagePages(jpeg.bytes.subarray(0, jpeg.bytes.length - 100), 'jpeg'))).toMatch(/JPEG image is truncated/);
    expect(await failureOf(decodeImagePage(jpeg.bytes.subarray(0, jpeg.bytes.length - 100), 'jpeg', 0))).toMatch(/JPEG image is truncated/);
    expect(failureOfCall(() => imagePages(png.bytes, 'jpeg'))).toMatch(/not a readable JPEG/);
    expect(await failureOf(decodeImagePage(png.bytes, 'png', 1))).toBe('Page 1 does not exist: the image has 1 page(s).');
  });
});
