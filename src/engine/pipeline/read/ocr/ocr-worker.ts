import { workerData } from 'node:worker_threads';
import type { PDFDocumentProxy } from '../pdf/pdfjs.js';
import { decodePageToRead } from '../image/decode-image.js';
import { renderPageImage, type PageImageTask } from '../image/page-image.js';
import { cropOfPage, type Raster } from '../image/raster.js';
import { renderPdfPage } from '../image/render-pdf-page.js';
import { ProcessingFailure, rectVertices, type ParsedPage } from '../../document/parsed-document.js';
import { readOfdPages, type OfdReadResult, type OfdReadTask } from '../ofd/read-ofd-pages.js';
import { openPdf } from '../pdf/pdf-open.js';
import { pageIndexesOf, textPage } from '../pdf/pdf-text-layer.js';
import { findStamps, type PageStamp, type StampOutline } from '../marks/detect-stamps.js';
import { holdsImages, mayHoldSeal } from '../marks/may-hold-seal.js';
import { readStamp } from '../marks/read-stamp.js';
import { loadOcrModels, type OcrModels } from './ocr-models.js';
import type { PageResult, PageSource, PageTask, TextLayerResult, TextLayerTask, WorkerOutcome } from './page-task.js';
import { cropAtScale, resultAtScale } from './page-scale.js';
import { processPage } from './process-page.js';

// One set of models per worker thread, loaded on its first page to recognise (text layers need none).
let models: Promise<OcrModels> | undefined;
const ocrModels = () => (models ??= loadOcrModels((workerData as { intraOpThreads?: number } | undefined)?.intraOpThreads ?? 1));
/** PDFs kept open between pages of the same file; the oldest is closed when a third arrives. */
const openPdfs = new Map<string, Promise<PDFDocumentProxy>>();
const OPEN_PDFS = 2;

/** The worker's task (piscina calls it by name): recognise one page. */
export function recognize(task: PageTask): Promise<WorkerOutcome<PageResult>> {
  return outcomeOf(async () => {
    const { raster, scale } = await pageImage(task);
    return resultAtScale(await processPage(await ocrModels(), raster, task), scale);
  });
}

/** The pixels to read: a crop child's part only, so that its whole page is not held while the part is read. */
async function pageImage(task: PageTask): Promise<{ raster: Raster; scale: number }> {
  const { raster, scale } = await sourceRaster(task.source);
  return { raster: task.crop ? cropOfPage(raster, cropAtScale(task.crop, scale)) : raster, scale };
}

/** The worker's task: check a PDF's pages and read their text layer; the PDF stays open only if pages are left to recognise. */
export function readTextLayer(task: TextLayerTask): Promise<WorkerOutcome<TextLayerResult>> {
  return outcomeOf(async () => {
    const doc = await pdfOf(task.key, task.bytes, task.password);
    const indexes = pageIndexesOf(doc, task.pageIndexes);
    const [pages, stamps]: [(ParsedPage | null)[], PageStamp[][]] = [[], []];
    const seals = task.textLayer && holdsImages(new Uint8Array(task.bytes));
    for (const index of indexes) {
      const read = task.textLayer ? await readTextPage(doc, index, task.dpi, seals) : { text: null, stamps: [] };
      pages.push(read.text);
      stamps.push(read.stamps);
    }
    if (pages.every((page) => page && page.lines.length > 0)) close(task.key);
    return { indexes, pages, stamps };
  }, () => close(task.key));
}

/** The worker's task: unpack an OFD and read its pages (see parse-ofd/read-ofd-pages.ts). */
export function readOfd(task: OfdReadTask): Promise<WorkerOutcome<OfdReadResult>> {
  return outcomeOf(() => readOfdPages(task));
}

/** The worker's task: draw a page's picture for the viewer (see image/page-image.ts). */
export function renderPage(task: PageImageTask): Promise<WorkerOutcome<Uint8Array>> {
  return outcomeOf(() => renderPageImage(task));
}

/** A seal found on a page drawn at a low dpi is read from the page drawn again at this dpi. */
const SEAL_READING_DPI = 288;

function scaledOutline(outline: StampOutline, scale: number): StampOutline {
  return { ...outline, left: outline.left * scale, top: outline.top * scale, right: outline.right * scale, bottom: outline.bottom * scale };
}

/**
 * A page's text layer, and its seals when the file holds images and the page's drawing may hold one:
 * the page is then drawn and searched as a scan is.
 */
async function readTextPage(doc: PDFDocumentProxy, index: number, dpi: number, seals: boolean): Promise<{ text: ParsedPage; stamps: PageStamp[] }> {
  const page = await doc.getPage(index + 1);
  try {
    const text = await textPage(page, dpi);
    // A page without text is recognised from its image later, stamps included.
    if (!seals || text.lines.length === 0 || !mayHoldSeal(await page.getOperatorList())) return { text, stamps: [] };
    const raster = await renderPdfPage(doc, index, dpi);
    const outlines = findStamps(raster);
    if (outlines.length === 0) return { text, stamps: [] };
    const fine = dpi < SEAL_READING_DPI ? await renderPdfPage(doc, index, SEAL_READING_DPI) : raster;
    const scale = fine.width / raster.width;
    const stamps: PageStamp[] = [];
    for (const outline of outlines) {
      const stamp = await readStamp(await ocrModels(), fine, scaledOutline(outline, scale));
      stamps.push({ ...stamp, position: rectVertices(outline.left, outline.top, outline.right, outline.bottom) });
    }
    return { text, stamps };
  } finally {
    page.cleanup();
  }
}

async function outcomeOf<T>(work: () => Promise<T>, onFailure?: () => void): Promise<WorkerOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    onFailure?.();
    if (error instanceof ProcessingFailure) return { ok: false, failure: error.message };
    throw error;
  }
}

async function sourceRaster(source: PageSource): Promise<{ raster: Raster; scale: number }> {
  if (source.kind === 'image') return decodePageToRead(new Uint8Array(source.bytes), source.format, source.page);
  return { raster: await renderPdfPage(await pdfOf(source.key, source.bytes, source.password), source.page, source.dpi), scale: 1 };
}

function pdfOf(key: string, bytes: SharedArrayBuffer, password: string | undefined): Promise<PDFDocumentProxy> {
  let doc = openPdfs.get(key);
  if (!doc) {
    doc = openPdf(new Uint8Array(bytes), password);
    openPdfs.set(key, doc);
    doc.catch(() => openPdfs.delete(key));
    for (const [old] of [...openPdfs].slice(0, -OPEN_PDFS)) close(old);
  }
  return doc;
}

function close(key: string): void {
  const doc = openPdfs.get(key);
  openPdfs.delete(key);
  void doc?.then((d) => d.destroy()).catch(() => undefined);
}
