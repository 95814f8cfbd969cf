import { createCanvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy, PDFPageProxy } from '../pdf/pdfjs.js';
import { requireDecodable } from './image-header.js';
import { rasterOfCanvas, type Raster } from './raster.js';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/** A PDF page drawn on white at the given dpi; a page too large to draw fails before any pixel is allocated. */
export async function renderPdfPage(doc: PDFDocumentProxy, index: number, dpi: number): Promise<Raster> {
  const page = await doc.getPage(index + 1);
  try {
    const viewport = page.getViewport({ scale: dpi / 72 });
    const [width, height] = [Math.round(viewport.width), Math.round(viewport.height)];
    requireDecodable({ width, height }, index, doc.numPages);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // pdf.js draws on any 2D context with the DOM's API; @napi-rs/canvas is the one it uses under Node.
    await page.render({ canvas, canvasContext: context, viewport } as unknown as RenderParameters).promise;
    return rasterOfCanvas(canvas);
  } finally {
    page.cleanup();
  }
}
