import { createCanvas, ImageData } from '@napi-rs/canvas';
import { renderPdfPage } from '../../src/engine/pipeline/read/image/render-pdf-page.js';
import { openPdf } from '../../src/engine/pipeline/read/pdf/pdf-open.js';
import { vatInvoice } from '../corpus/documents/vat-invoice.js';
import { corpusFont } from '../corpus/font.js';
import { layOut } from '../corpus/layout.js';
import { renderImagePdf } from '../corpus/render-pdf.js';
import { renderScan } from '../corpus/render-scan.js';
import { Rng } from '../corpus/rng.js';
import type { Language } from '../corpus/values.js';

/** Full-size scans with no line-level ground truth: they are read for time and memory. */
export type InvoiceScans = { jpegs: { name: string; bytes: Uint8Array }[]; pdf: { name: string; bytes: Uint8Array; pages: number; dpi: number } };

const SCAN_DPI = 300;
/** The dpi a scanned PDF is rendered at (the interface's larger choice). */
const PDF_DPI = 216;

/**
 * Two VAT invoices (one Chinese, one English) scanned at full size (A4 at 300 dpi, 2479 × 3508) by the
 * labelled corpus's renderer (Debian's fonts-noto-cjk), as JPEG files and again as one image-only
 * PDF, which the workers open with pdf.js and render at 216 dpi.
 */
export async function invoiceScans(seed = 11): Promise<InvoiceScans> {
  const font = corpusFont();
  const scans = [];
  for (const [i, language] of (['zh', 'en'] as Language[]).entries()) {
    const rng = new Rng(seed + i);
    const [page] = layOut(vatInvoice(rng, language, []), font);
    scans.push({ language, ...(await renderScan(page!, font, { dpi: SCAN_DPI, rotation: 0, skew: 0.7, blur: 0.7, noise: 0.006, format: 'jpeg' }, rng)) });
  }
  const points = (px: number) => (px * 72) / SCAN_DPI;
  const pdf = await renderImagePdf(scans.map((s) => ({ bytes: s.bytes, width: points(s.width), height: points(s.height) })));
  return { jpegs: scans.map((s) => ({ name: `invoice300-${s.language}`, bytes: s.bytes })), pdf: { name: 'invoices-scanned', bytes: pdf, pages: scans.length, dpi: PDF_DPI } };
}

/** The PDF's pages drawn as the workers draw them (pdf.js at its dpi), as PNG files for tesseract. */
export async function pdfPageImages(pdf: InvoiceScans['pdf']): Promise<{ name: string; bytes: Uint8Array; format: 'png' }[]> {
  const doc = await openPdf(pdf.bytes, undefined);
  try {
    const images = [];
    for (let page = 0; page < pdf.pages; page++) {
      const raster = await renderPdfPage(doc, page, pdf.dpi);
      const canvas = createCanvas(raster.width, raster.height);
      canvas.getContext('2d').putImageData(new ImageData(raster.data, raster.width, raster.height), 0, 0);
      images.push({ name: `${pdf.name}-${page + 1}`, bytes: new Uint8Array(await canvas.encode('png')), format: 'png' as const });
    }
    return images;
  } finally {
    await doc.destroy();
  }
}
