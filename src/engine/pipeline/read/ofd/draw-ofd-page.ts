import { createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { decodePicture } from '../image/decode-image.js';
import { requireDecodable, type PageSize } from '../image/image-header.js';
import { canvasOf, rasterOfCanvas, type Raster } from '../image/raster.js';
import { fontFamilyOf } from './ofd-fonts.js';
import { readOfdDocument, type OfdDocument } from './ofd-document.js';
import { multiply, pageObjects, type Matrix, type OfdImage, type OfdObject, type OfdPath, type OfdText } from './ofd-objects.js';
import { sealsOf, type OfdSeal } from './ofd-seals.js';
import { MM_PER_INCH } from './ofd-text.js';

// A hairline is drawn at least this wide (pixels), as viewers do, so thin rules do not vanish.
const MIN_LINE_PX = 0.6;

/** Page `index` of the document drawn on white at the dpi: templates, content, annotations, then the seals. */
export async function drawOfdPage(doc: OfdDocument, index: number, dpi: number, paper: 'white' | 'clear' = 'white'): Promise<Raster> {
  const page = doc.pages[index]!;
  const scale = dpi / MM_PER_INCH;
  const [width, height] = [Math.round(page.box[2] * scale), Math.round(page.box[3] * scale)];
  requireDecodable({ width, height }, index, doc.pages.length);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  if (paper === 'white') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
  }
  const toPixels: Matrix = [scale, 0, 0, scale, 0, 0];
  for (const object of pageObjects(doc, page)) await drawObject(context, object, toPixels);
  // A seal's own picture (a small OFD) is drawn clear and without seals of its own.
  if (paper === 'white') for (const seal of sealsOf(doc).filter((s) => s.page === index)) await drawSeal(context, doc, seal, scale, dpi);
  return rasterOfCanvas(canvas);
}

async function drawObject(context: SKRSContext2D, object: OfdObject, toPixels: Matrix): Promise<void> {
  context.save();
  context.globalAlpha = Math.max(0, Math.min(1, object.alpha));
  context.setTransform(...multiply(object.matrix, toPixels));
  if (object.kind === 'path') drawPath(context, object, toPixels[0]);
  else if (object.kind === 'text') drawText(context, object);
  else await drawImage(context, object);
  context.restore();
}

function drawPath(context: SKRSContext2D, path: OfdPath, scale: number): void {
  const shape = new Path2D(svgPathOf(path.data));
  if (path.fill) {
    context.fillStyle = path.fill;
    context.fill(shape, path.evenOdd ? 'evenodd' : 'nonzero');
  }
  if (path.stroke) {
    const pixelsPerUnit = Math.hypot(path.matrix[0], path.matrix[1]) * scale || scale;
    context.strokeStyle = path.stroke;
    context.lineWidth = Math.max(path.lineWidth, MIN_LINE_PX / pixelsPerUnit);
    context.stroke(shape);
  }
}

/** OFD's abbreviated path data as SVG path data: B is a cubic curve, C closes, S starts like M. */
export function svgPathOf(data: string): string {
  const map: Record<string, string> = { S: 'M', M: 'M', L: 'L', Q: 'Q', B: 'C', A: 'A', C: 'Z' };
  return data
    .trim()
    .split(/\s+/)
    .map((token) => (/^[A-Za-z]$/.test(token) ? (map[token] ?? '') : token))
    .join(' ');
}

/** Each glyph at its own position, so the picture matches the text positions whatever the font's widths. */
function drawText(context: SKRSContext2D, text: OfdText): void {
  context.font = `${text.italic ? 'italic ' : ''}${text.bold ? 'bold ' : ''}${text.size}px ${fontFamilyOf(text.font)}`;
  context.textBaseline = 'alphabetic';
  if (text.fill) context.fillStyle = text.fill;
  if (text.stroke) [context.strokeStyle, context.lineWidth] = [text.stroke, text.lineWidth];
  for (const glyph of text.glyphs) {
    if (text.fill) context.fillText(glyph.char, glyph.x, glyph.y);
    if (text.stroke) context.strokeText(glyph.char, glyph.x, glyph.y);
  }
}

/** An image fills its unit square (the CTM scales it to its size); formats the engine cannot decode (JBIG2, BMP) are left out. */
async function drawImage(context: SKRSContext2D, image: OfdImage): Promise<void> {
  const { a, b, c, d } = context.getTransform();
  const picture = await pictureOf(image.media.file, { width: Math.hypot(a, b), height: Math.hypot(c, d) });
  if (picture) context.drawImage(canvasOf(picture), 0, 0, 1, 1);
}

/** A PNG, JPEG, TIFF, GIF or WebP picture by its first bytes, decoded no larger than it is drawn; undefined for others (JBIG2, BMP) and for damaged ones. */
async function pictureOf(bytes: Uint8Array | undefined, drawn: PageSize): Promise<Raster | undefined> {
  if (!bytes || !isPicture(bytes)) return undefined;
  try {
    return await decodePicture(bytes, drawn);
  } catch {
    return undefined;
  }
}

// Sniffed rather than left to libvips, which would also run its SVG and HEIF readers on whatever a file holds.
function isPicture(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return (
    (bytes[0] === 0x89 && bytes[1] === 0x50) ||
    (bytes[0] === 0xff && bytes[1] === 0xd8) ||
    ['II', 'MM'].includes(ascii(0, 2)) ||
    ascii(0, 4) === 'GIF8' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
  );
}

/** A seal's picture in its stamp box: a PNG/JPEG, or a small OFD of its own (first page). */
async function drawSeal(context: SKRSContext2D, doc: OfdDocument, seal: OfdSeal, scale: number, dpi: number): Promise<void> {
  const [x, y, w, h] = seal.boxMm;
  const drawn = { width: w * scale, height: h * scale };
  const picture = seal.picture?.format === 'ofd' ? await sealOfdPicture(seal.picture.bytes, dpi) : await pictureOf(seal.picture?.bytes, drawn);
  if (!picture) return;
  context.drawImage(canvasOf(picture), (x - doc.pages[seal.page]!.box[0]) * scale, (y - doc.pages[seal.page]!.box[1]) * scale, drawn.width, drawn.height);
}

async function sealOfdPicture(bytes: Uint8Array, dpi: number): Promise<Raster | undefined> {
  try {
    const inner = readOfdDocument(bytes);
    return inner.pages.length > 0 ? await drawOfdPage(inner, 0, dpi, 'clear') : undefined;
  } catch {
    return undefined;
  }
}
