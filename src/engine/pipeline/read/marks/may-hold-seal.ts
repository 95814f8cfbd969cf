import { OPS } from '../pdf/pdfjs.js';
import { isSealInk } from './detect-stamps.js';

const IMAGE_OPS: ReadonlySet<number> = new Set([
  OPS.paintImageXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
]);
// pdf.js hands every colour to these two as '#rrggbb', whatever the PDF's colour space.
const COLOR_OPS: ReadonlySet<number> = new Set([OPS.setFillRGBColor, OPS.setStrokeRGBColor]);

/** `/Image` as a name of its own (an image XObject's subtype), not the start of `/ImageB`, `/ImageC`, `/ImageI` (procedure sets). */
const IMAGE_NAME = /\/Image[\s/>\]]/;

/**
 * Whether a PDF holds any image, read from its raw bytes: an image is a stream, and a stream's
 * dictionary is never compressed (nor encrypted), so its `/Subtype /Image` is always in plain sight.
 * Most text PDFs hold none, and their pages are then not examined for seals at all.
 */
export function holdsImages(pdf: Uint8Array): boolean {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  for (let at = text.indexOf('/Image'); at >= 0; at = text.indexOf('/Image', at + 6)) {
    if (IMAGE_NAME.test(text.toString('latin1', at, at + 7))) return true;
  }
  return false;
}

/**
 * Whether a text-layer page's drawing could hold a seal: it paints an image (electronic invoices carry
 * their seal as one), or fills or strokes in a seal's red or blue. Most text pages do neither, and
 * are then not drawn at all.
 */
export function mayHoldSeal(operators: { fnArray: readonly number[]; argsArray: readonly unknown[] }): boolean {
  return operators.fnArray.some((op, i) => IMAGE_OPS.has(op) || (COLOR_OPS.has(op) && isSealColor(operators.argsArray[i])));
}

function isSealColor(args: unknown): boolean {
  const hex = Array.isArray(args) && typeof args[0] === 'string' ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(args[0]) : null;
  if (!hex) return false;
  const [r, g, b] = hex.slice(1).map((h) => parseInt(h, 16)) as [number, number, number];
  return isSealInk(r, g, b, 'red') || isSealInk(r, g, b, 'blue');
}
