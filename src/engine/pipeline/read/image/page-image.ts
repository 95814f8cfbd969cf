import { readFile } from 'node:fs/promises';
import { cropAtScale } from '../ocr/page-scale.js';
import type { PageCrop } from '../ocr/page-task.js';
import { drawnInvoicePdf } from '../../../../shared-node/e-invoice/drawn-invoice-pdf.js';
import { drawOfdPage } from '../ofd/draw-ofd-page.js';
import { readOfdDocument } from '../ofd/ofd-document.js';
import { openPdf } from '../pdf/pdf-open.js';
import { decodePageToRead } from './decode-image.js';
import { encodeCanvas } from './encode-canvas.js';
import type { ImageFormat } from './image-header.js';
import { canvasOf, cropOfPage, uprightRaster, type QuarterAngle, type Raster } from './raster.js';
import { renderPdfPage } from './render-pdf-page.js';

/**
 * One page image to draw in a page worker, exactly as the page was read: the original's page at the
 * file's dpi, a crop child's box on it, turned upright by the angle recognition found, so that
 * `pages[]` sizes and every position fit the picture.
 */
export type PageImageTask = {
  /** The stored original: read in the worker, so that the engine's HTTP thread never holds it. */
  path: string;
  format: 'pdf' | 'ofd' | 'xml' | ImageFormat;
  /** 0-based page of the original. */
  page: number;
  /** PDFs and OFDs are drawn at this dpi; images keep their pixels. */
  dpi: number;
  password: string | undefined;
  crop: PageCrop | undefined;
  angle: QuarterAngle;
  encoding: PageImageEncoding;
};

export type PageImageEncoding = 'png' | 'jpeg';

const JPEG_QUALITY = 85;

export async function renderPageImage(task: PageImageTask): Promise<Uint8Array> {
  const { raster, scale } = await sourceRaster(task);
  const cropped = task.crop ? cropOfPage(raster, cropAtScale(task.crop, scale)) : raster;
  return encode(uprightRaster(cropped, task.angle), task.encoding);
}

/**
 * The page's pixels; a scan is decoded at the size it was read at (a 600 dpi page at a quarter of its size):
 * the viewer lays any picture over the page's pixel space, so the boxes still sit on it.
 */
async function sourceRaster(task: PageImageTask): Promise<{ raster: Raster; scale: number }> {
  const bytes = new Uint8Array(await readFile(task.path));
  if (task.format === 'ofd') return { raster: await drawOfdPage(readOfdDocument(bytes), task.page, task.dpi), scale: 1 };
  if (task.format !== 'pdf' && task.format !== 'xml') return decodePageToRead(bytes, task.format, task.page);
  return { raster: await renderedPdfPage(task, bytes), scale: 1 };
}

async function renderedPdfPage(task: PageImageTask, bytes: Uint8Array): Promise<Raster> {
  // An XML e-invoice's page is the one the engine drew to read it.
  const doc = await openPdf(task.format === 'xml' ? (await drawnInvoicePdf(bytes)).pdf : bytes, task.password);
  try {
    return await renderPdfPage(doc, task.page, task.dpi);
  } finally {
    await doc.destroy();
  }
}

function encode(raster: Raster, encoding: PageImageEncoding): Uint8Array {
  return encodeCanvas(canvasOf(raster), encoding, JPEG_QUALITY);
}
