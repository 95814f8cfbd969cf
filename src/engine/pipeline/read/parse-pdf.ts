import { randomUUID } from 'node:crypto';
import type { PageReader } from './ocr/ocr-pool.js';
import type { PageCrop } from './ocr/page-task.js';
import { pageFindings, parsedPageOf, readPages, sharedCopy } from './ocr/read-pages.js';
import type { ParsedFile, ParsedPage } from '../document/parsed-document.js';

export interface PdfOptions {
  dpi: number;
  password?: string | undefined;
  /** 0-based pages to read (a split or crop child); every page when absent. */
  pageIndexes?: readonly number[] | undefined;
  /** 'scan' recognises every page from its image, text layer or not. */
  parseMode?: string | undefined;
  /** Recognises scanned pages (the OCR workers). */
  reader: PageReader;
  crop?: PageCrop | undefined;
  findRegions?: boolean | undefined;
}

/**
 * Pages with a text layer are read from it (pdf.js, in the page workers), their seals too; pages without
 * one, every page with parse_mode=scan, and a crop child's page are rendered at the dpi and recognised.
 */
export async function parsePdf(bytes: Uint8Array, options: PdfOptions): Promise<ParsedFile> {
  const [key, shared] = [randomUUID(), sharedCopy(bytes)];
  const scanAll = options.parseMode === 'scan' || options.crop !== undefined;
  const layer = await options.reader.readTextLayer({ key, bytes: shared, password: options.password, pageIndexes: options.pageIndexes?.slice(), dpi: options.dpi, textLayer: !scanAll });
  const parsed = await withScannedPages(key, shared, layer.indexes, layer.pages, options);
  const textStamps = layer.stamps.flatMap((stamps, page) => stamps.map((stamp) => ({ ...stamp, page })));
  return { ...parsed, stamps: [...textStamps, ...(parsed.stamps ?? [])].sort((a, b) => a.page - b.page) };
}

/** Fills the pages left without text (no text layer read, or no lines) from their recognised images. */
async function withScannedPages(key: string, shared: SharedArrayBuffer, indexes: readonly number[], pages: (ParsedPage | null)[], options: PdfOptions): Promise<ParsedFile> {
  const scanned = pages.flatMap((page, n) => (!page || page.lines.length === 0 ? [n] : []));
  const results = await readPages(
    options.reader,
    scanned.map((n) => ({
      source: { kind: 'pdf', key, bytes: shared, password: options.password, page: indexes[n]!, dpi: options.dpi },
      crop: options.crop,
      stamps: true,
      regions: options.findRegions === true,
    })),
  );
  results.forEach((result, i) => (pages[scanned[i]!] = parsedPageOf(result)));
  const done = pages as ParsedPage[];
  const angles = new Map(scanned.map((n, i) => [n, results[i]!.text.angle]));
  return {
    pages: done.map((p, page) => ({ page, angle: angles.get(page) ?? 0, width: p.width, height: p.height, dpi: options.dpi })),
    document: { pages: done },
    ...pageFindings(results, scanned),
  };
}
