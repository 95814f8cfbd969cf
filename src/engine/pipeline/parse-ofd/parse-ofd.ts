import type { FileData } from '../../../shared/api/index.js';
import { canvasOf } from '../image/raster.js';
import type { PageReader } from '../ocr/ocr-pool.js';
import { pageFindings, parsedPageOf, readPages, sharedCopy } from '../ocr/read-pages.js';
import { ProcessingFailure, rectVertices, type ParsedFile, type ParsedPage } from '../parsed-document.js';
import { drawOfdPage } from './draw-ofd-page.js';
import { readOfdDocument, type OfdDocument } from './ofd-document.js';
import { ofdInvoice, type PageObjectTexts } from './ofd-invoice.js';
import { pageObjects } from './ofd-objects.js';
import { sealsOf } from './ofd-seals.js';
import { MM_PER_INCH, ofdTextPage } from './ofd-text.js';

export interface OfdOptions {
  dpi: number;
  /** 0-based pages to read (a split child); every page when absent. */
  pageIndexes?: readonly number[] | undefined;
  /** Recognises pages that carry their text only as pictures (scans wrapped in OFD). */
  reader: PageReader;
}

/**
 * An OFD (GB/T 33190) read like a PDF with a text layer: each page's text with exact positions, the
 * electronic seals as stamps (with what their signature check found), and for an e-invoice the values
 * of its invoice XML or tags, so that extraction takes them as they are.
 */
export async function parseOfd(bytes: Uint8Array, options: OfdOptions): Promise<ParsedFile> {
  const doc = readOfdDocument(bytes);
  const indexes = options.pageIndexes ? [...options.pageIndexes] : doc.pages.map((_, i) => i);
  const missing = indexes.find((i) => i >= doc.pages.length);
  if (missing !== undefined) throw new ProcessingFailure(`Page ${missing} does not exist: the OFD has ${doc.pages.length} page(s).`);
  const texts: PageObjectTexts = new Map();
  const pages: ParsedPage[] = indexes.map((index, n) => {
    const page = doc.pages[index]!;
    const read = ofdTextPage(pageObjects(doc, page), [page.box[2], page.box[3]], options.dpi);
    texts.set(page.id, { page: n, objects: read.objects });
    return read.page;
  });
  const scanned = await recognisePictured(doc, indexes, pages, options);
  const invoice = ofdInvoice(doc, texts);
  return {
    pages: pages.map((p, page) => ({ page, angle: p.angle, width: p.width, height: p.height, dpi: options.dpi })),
    document: { pages, ...(invoice ? { invoice } : {}) },
    stamps: [...sealStamps(doc, indexes, options.dpi), ...scanned].sort((a, b) => a.page - b.page),
  };
}

/** Pages without text objects (a scan wrapped in OFD) are drawn and recognised like a scanned PDF page. */
async function recognisePictured(doc: OfdDocument, indexes: readonly number[], pages: ParsedPage[], options: OfdOptions): Promise<FileData['stamps']> {
  const blank = pages.flatMap((p, n) => (p.lines.length === 0 ? [n] : []));
  if (blank.length === 0) return [];
  const pictures = await Promise.all(blank.map(async (n) => canvasOf(await drawOfdPage(doc, indexes[n]!, options.dpi)).encode('png')));
  const results = await readPages(
    options.reader,
    pictures.map((png) => ({ source: { kind: 'image' as const, format: 'png' as const, bytes: sharedCopy(png), page: 0 }, stamps: true, regions: false })),
  );
  results.forEach((result, i) => (pages[blank[i]!] = parsedPageOf(result)));
  return pageFindings(results, blank).stamps;
}

/** Each seal placed on a page read, as the interface reports stamps, with its signature check. */
function sealStamps(doc: OfdDocument, indexes: readonly number[], dpi: number): FileData['stamps'] {
  const scale = dpi / MM_PER_INCH;
  return sealsOf(doc).flatMap((seal) => {
    const page = indexes.indexOf(seal.page);
    if (page < 0) return [];
    const [x, y, w, h] = seal.boxMm;
    const [left, top] = [(x - doc.pages[seal.page]!.box[0]) * scale, (y - doc.pages[seal.page]!.box[1]) * scale];
    return [{ page, type: 'electronic seal', text: seal.name, color: 'red', position: rectVertices(left, top, left + w * scale, top + h * scale), signature: seal.check.status, signatureReason: seal.check.reason }];
  });
}
