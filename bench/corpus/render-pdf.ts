import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { CorpusFont } from './font.js';
import type { LaidPage } from './layout.js';

// Fixed dates keep the bytes of a seed's corpus the same from run to run.
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

/** A `#rrggbb` colour (the layouts' inks) as pdf-lib's. */
function ink(color: string | undefined, fallback: string) {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt((color ?? fallback).slice(at, at + 2), 16) / 255) as [number, number, number];
  return rgb(r, g, b);
}

/** A text PDF of the pages (the CJK face embedded as a subset, so the text layer is real text). */
export async function renderPdf(pages: readonly LaidPage[], font: CorpusFont): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const embedded = await pdf.embedFont(font.bytes, { subset: true });
  for (const laid of pages) {
    const page = pdf.addPage([laid.width, laid.height]);
    for (const line of laid.lines) {
      page.drawLine({ start: { x: line.x1, y: laid.height - line.y1 }, end: { x: line.x2, y: laid.height - line.y2 }, thickness: 0.6, color: ink(line.color, '#737373') });
    }
    for (const t of laid.texts) page.drawText(t.text, { x: t.x, y: laid.height - t.y, size: t.size, font: embedded, color: ink(t.color, '#000000') });
  }
  return pdf.save();
}

/** An image-only PDF: each page one scanned JPEG, as a scanner writes it (no text layer). */
export async function renderImagePdf(jpegs: readonly { bytes: Uint8Array; width: number; height: number }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  for (const jpeg of jpegs) {
    const image = await pdf.embedJpg(jpeg.bytes);
    const page = pdf.addPage([jpeg.width, jpeg.height]);
    page.drawImage(image, { x: 0, y: 0, width: jpeg.width, height: jpeg.height });
  }
  return pdf.save();
}
