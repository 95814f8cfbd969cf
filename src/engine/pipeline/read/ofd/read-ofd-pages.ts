import type { FileData } from '../../../../shared/api/index.js';
import type { DocumentInvoice } from '../../../../shared-node/e-invoice/invoice-data.js';
import { encodeCanvas } from '../image/encode-canvas.js';
import { canvasOf } from '../image/raster.js';
import { ProcessingFailure, rectVertices, type ParsedPage } from '../../document/parsed-document.js';
import { drawOfdPage } from './draw-ofd-page.js';
import { readOfdDocument, type OfdDocument } from './ofd-document.js';
import { ofdInvoice, type PageObjectTexts } from './ofd-invoice.js';
import { pageObjects } from './ofd-objects.js';
import { sealsOf } from './ofd-seals.js';
import { MM_PER_INCH, ofdTextPage } from './ofd-text.js';

/** An OFD to read in a page worker, so that the engine's HTTP thread never unpacks or parses one. */
export type OfdReadTask = { bytes: SharedArrayBuffer; dpi: number; pageIndexes: number[] | undefined };

/**
 * What the worker read: each page's text, the invoice data, the seals as stamps, and a picture
 * (PNG) of each page that has no text objects, for OCR (`page` is its index among the pages read).
 */
export type OfdReadResult = { pages: ParsedPage[]; invoice: DocumentInvoice | undefined; stamps: FileData['stamps']; pictures: { page: number; png: Uint8Array }[] };

export async function readOfdPages(task: OfdReadTask): Promise<OfdReadResult> {
  const doc = readOfdDocument(new Uint8Array(task.bytes));
  const indexes = task.pageIndexes ?? doc.pages.map((_, i) => i);
  const missing = indexes.find((i) => i >= doc.pages.length);
  if (missing !== undefined) throw new ProcessingFailure(`Page ${missing} does not exist: the OFD has ${doc.pages.length} page(s).`);
  const texts: PageObjectTexts = new Map();
  const pages = indexes.map((index, n) => {
    const page = doc.pages[index]!;
    const read = ofdTextPage(pageObjects(doc, page), [page.box[2], page.box[3]], task.dpi);
    texts.set(page.id, { page: n, objects: read.objects });
    return read.page;
  });
  const blank = pages.flatMap((p, n) => (p.lines.length === 0 ? [n] : []));
  const pictures = await Promise.all(blank.map(async (n) => ({ page: n, png: encodeCanvas(canvasOf(await drawOfdPage(doc, indexes[n]!, task.dpi)), 'png') })));
  return { pages, invoice: ofdInvoice(doc, texts), stamps: sealStamps(doc, indexes, task.dpi), pictures };
}

/** Each seal placed on a page read, as the interface reports stamps, with its signature check. */
function sealStamps(doc: OfdDocument, indexes: readonly number[], dpi: number): FileData['stamps'] {
  const scale = dpi / MM_PER_INCH;
  return sealsOf(doc).flatMap((seal) => {
    const page = indexes.indexOf(seal.page);
    if (page < 0) return [];
    const [x, y, w, h] = seal.boxMm;
    const [left, top] = [(x - doc.pages[seal.page]!.box[0]) * scale, (y - doc.pages[seal.page]!.box[1]) * scale];
    return [{ page, type: seal.kind === 'seal' ? 'electronic seal' : 'electronic signature', text: seal.name, color: 'red', position: rectVertices(left, top, left + w * scale, top + h * scale), signature: seal.check.status, signatureReason: seal.check.reason }];
  });
}
