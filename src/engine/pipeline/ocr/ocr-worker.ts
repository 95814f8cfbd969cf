import { workerData } from 'node:worker_threads';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { decodeImagePage } from '../image/decode-image.js';
import type { Raster } from '../image/raster.js';
import { renderPdfPage } from '../image/render-pdf-page.js';
import { ProcessingFailure } from '../parsed-document.js';
import { openPdf } from '../pdf-open.js';
import { loadOcrModels, type OcrModels } from './ocr-models.js';
import type { PageOutcome, PageSource, PageTask } from './page-task.js';
import { processPage } from './process-page.js';

// One set of models per worker thread, loaded on its first page.
let models: Promise<OcrModels> | undefined;
/** PDFs kept open between pages of the same file; the oldest is closed when a third arrives. */
const openPdfs = new Map<string, Promise<PDFDocumentProxy>>();
const OPEN_PDFS = 2;

/** The worker's task (piscina calls it by name): read one page. */
export async function recognize(task: PageTask): Promise<PageOutcome> {
  try {
    models ??= loadOcrModels((workerData as { intraOpThreads?: number } | undefined)?.intraOpThreads ?? 1);
    const raster = await sourceRaster(task.source);
    return { ok: true, page: await processPage(await models, raster, task) };
  } catch (error) {
    if (error instanceof ProcessingFailure) return { ok: false, failure: error.message };
    throw error;
  }
}

async function sourceRaster(source: PageSource): Promise<Raster> {
  if (source.kind === 'image') return decodeImagePage(new Uint8Array(source.bytes), source.format, source.page);
  return renderPdfPage(await pdfOf(source), source.page, source.dpi);
}

function pdfOf(source: Extract<PageSource, { kind: 'pdf' }>): Promise<PDFDocumentProxy> {
  let doc = openPdfs.get(source.key);
  if (!doc) {
    doc = openPdf(new Uint8Array(source.bytes), source.password);
    openPdfs.set(source.key, doc);
    doc.catch(() => openPdfs.delete(source.key));
    for (const [key, old] of [...openPdfs].slice(0, -OPEN_PDFS)) {
      openPdfs.delete(key);
      void old.then((d) => d.destroy()).catch(() => undefined);
    }
  }
  return doc;
}
