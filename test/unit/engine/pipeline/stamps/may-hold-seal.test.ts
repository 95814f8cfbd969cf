import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { mayHoldSeal } from '../../../../../src/engine/pipeline/stamps/may-hold-seal.js';

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
