import { describe, expect, it } from 'vitest';
import { findRegions } from '../../../../../../src/engine/pipeline/read/marks/find-regions.js';
import { decodeImagePage } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import { makePhotoPage } from '../../../../../fixtures/photo-page.js';
import { makeTextImage } from '../../../../../fixtures/text-image.js';

describe('findRegions', () => {
  it('finds each card lying on a scanner bed, in reading order', async () => {
    const cards = [
      { left: 640, top: 120, width: 460, height: 280, lines: ['Amount: 99.00'] },
      { left: 60, top: 80, width: 480, height: 300, lines: ['RECEIPT'] },
      { left: 200, top: 500, width: 700, height: 320, lines: ['Business card'] },
    ];
    const regions = findRegions(await decodeImagePage(makePhotoPage(1200, 900, cards), 'png', 0));
    expect(regions).toHaveLength(3);
    [cards[1]!, cards[0]!, cards[2]!].forEach((card, i) => {
      const [left, top, right, bottom] = regions[i]!;
      expect(Math.abs(left - card.left)).toBeLessThan(10);
      expect(Math.abs(top - card.top)).toBeLessThan(10);
      expect(Math.abs(right - (card.left + card.width))).toBeLessThan(10);
      expect(Math.abs(bottom - (card.top + card.height))).toBeLessThan(10);
    });
  });

  it('finds none on a page that is itself the document (text on its own paper)', async () => {
    const page = makeTextImage({ width: 900, height: 1200, lines: Array.from({ length: 20 }, (_, i) => ({ text: `Line ${i} of a long letter with words`, x: 60, y: 80 + i * 52, size: 30 })) });
    expect(findRegions(await decodeImagePage(page.bytes, 'png', 0))).toEqual([]);
  });
});
