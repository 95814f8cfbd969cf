import type { PageReader } from '../ocr/ocr-pool.js';
import { pageFindings, parsedPageOf, readPages, sharedCopy } from '../ocr/read-pages.js';
import type { ParsedFile } from '../../document/parsed-document.js';

export interface OfdOptions {
  dpi: number;
  /** 0-based pages to read (a split child); every page when absent. */
  pageIndexes?: readonly number[] | undefined;
  /** Reads the package in a page worker, and recognises pages that carry their text only as pictures. */
  reader: PageReader;
}

/**
 * An OFD (GB/T 33190) read like a PDF with a text layer: each page's text with exact positions, the
 * electronic seals as stamps (with what their signature check found), and for an e-invoice the values
 * of its invoice XML or tags, so that extraction takes them as they are. A page without text objects
 * (a scan wrapped in OFD) is recognised from its picture like a scanned PDF page.
 */
export async function parseOfd(bytes: Uint8Array, options: OfdOptions): Promise<ParsedFile> {
  const read = await options.reader.readOfd({ bytes: sharedCopy(bytes), dpi: options.dpi, pageIndexes: options.pageIndexes?.slice() });
  const results = await readPages(
    options.reader,
    read.pictures.map((p) => ({ source: { kind: 'image' as const, format: 'png' as const, bytes: sharedCopy(p.png), page: 0 }, stamps: true, regions: false })),
  );
  const pages = [...read.pages];
  results.forEach((result, i) => (pages[read.pictures[i]!.page] = parsedPageOf(result)));
  const scanned = pageFindings(results, read.pictures.map((p) => p.page)).stamps;
  return {
    pages: pages.map((p, page) => ({ page, angle: p.angle, width: p.width, height: p.height, dpi: options.dpi })),
    document: { pages, ...(read.invoice ? { invoice: read.invoice } : {}) },
    stamps: [...read.stamps, ...scanned].sort((a, b) => a.page - b.page),
  };
}
