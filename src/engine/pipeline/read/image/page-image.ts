import { readFile } from 'node:fs/promises';
import type { PageCrop } from '../ocr/page-task.js';
import { drawnInvoicePdf } from '../../../../shared-node/e-invoice/drawn-invoice-pdf.js';
import { drawOfdPage } from '../ofd/draw-ofd-page.js';
import { readOfdDocument } from '../ofd/ofd-document.js';
import { openPdf } from '../pdf/pdf-open.js';
import { decodeImagePage } from './decode-image.js';
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
  const raster = await sourceRaster(task);
  const cropped = task.crop ? cropOfPage(raster, task.crop) : raster;
  return encode(uprightRaster(cropped, task.angle), task.encoding);
}

async function sourceRaster(task: PageImageTask): Promise<Raster> {
  const bytes = new Uint8Array(await readFile(task.path));
  if (task.format === 'ofd') return drawOfdPage(readOfdDocument(bytes), task.page, task.dpi);
  if (task.format !== 'pdf' && task.format !== 'xml') return decodeImagePage(bytes, task.format, task.page);
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
