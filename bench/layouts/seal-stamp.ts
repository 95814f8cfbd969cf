import { PDFDocument, rgb } from 'pdf-lib';
import type { Box } from './layout-document.js';

/**
 * The red oval seal (发票专用章 / 监制章) drawn over `box` (points from the top-left) of a PDF's
 * first page, as a picture is: a ring and a star, no text, so that the text layer stays the page's.
 */
export async function stampPdf(bytes: Uint8Array, box: Box): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = pdf.getPage(0);
  const [left, top, right, bottom] = box;
  const centre = { x: (left + right) / 2, y: page.getHeight() - (top + bottom) / 2 };
  const red = rgb(0.85, 0.1, 0.1);
  page.drawEllipse({ ...centre, xScale: (right - left) / 2, yScale: (bottom - top) / 2, borderColor: red, borderWidth: 2, borderOpacity: 0.8 });
  page.drawSvgPath('M 0 -9 L 2.6 -2.8 L 9 -2.8 L 3.8 1.2 L 5.6 7.6 L 0 3.8 L -5.6 7.6 L -3.8 1.2 L -9 -2.8 L -2.6 -2.8 Z', { x: centre.x, y: centre.y + 12, color: red, opacity: 0.8 });
  return pdf.save();
}
