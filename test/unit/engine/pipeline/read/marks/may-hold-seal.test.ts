import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { holdsImages, mayHoldSeal } from '../../../../../../src/engine/pipeline/read/marks/may-hold-seal.js';
import { makeTextImage } from '../../../../../fixtures/text-image.js';
import { makeTextPdf } from '../../../../../fixtures/text-pdf.js';

const ops = (...pairs: [number, unknown[]][]) => ({ fnArray: pairs.map(([op]) => op), argsArray: pairs.map(([, args]) => args) });

describe('mayHoldSeal', () => {
  it('answers yes for a page that paints an image, whatever its colours', () => {
    expect(mayHoldSeal(ops([OPS.beginText, []], [OPS.paintImageXObject, ['img_p0_1', 400, 400]]))).toBe(true);
    expect(mayHoldSeal(ops([OPS.paintInlineImageXObject, [{}]]))).toBe(true);
  });

  it("answers yes for a fill or stroke in a seal's red or blue", () => {
    expect(mayHoldSeal(ops([OPS.setStrokeRGBColor, ['#e0201a']], [OPS.constructPath, []]))).toBe(true);
    expect(mayHoldSeal(ops([OPS.setFillRGBColor, ['#1f3fbf']]))).toBe(true);
  });

  it('answers no for text and lines in black, grey or brown, so such pages are never drawn', () => {
    expect(mayHoldSeal(ops([OPS.setFillRGBColor, ['#000000']], [OPS.setStrokeRGBColor, ['#737373']], [OPS.setFillRGBColor, ['#6b4a2f']], [OPS.showText, []]))).toBe(false);
    expect(mayHoldSeal(ops())).toBe(false);
  });
});

describe('holdsImages', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('finds an image XObject in a PDF, and none in a text-only PDF', async () => {
    const png = makeTextImage({ width: 60, height: 40, lines: [] }).bytes;
    expect(holdsImages(await makeTextPdf([['Hello']], { images: [{ page: 0, png, left: 10, top: 10, width: 60, height: 40 }] }))).toBe(true);
    expect(holdsImages(await makeTextPdf([['Hello'], ['World']]))).toBe(false);
  });

  it('reads the subtype however it is spaced, and is not fooled by the image procedure sets', () => {
    expect(holdsImages(bytes('4 0 obj << /Type /XObject /Subtype /Image /Width 10 >> stream'))).toBe(true);
    expect(holdsImages(bytes('4 0 obj <</Subtype/Image/Width 10>>stream'))).toBe(true);
    expect(holdsImages(bytes('<< /ProcSet [/PDF /Text /ImageB /ImageC /ImageI] >>'))).toBe(false);
  });
});
