import { imagePageCount } from './image/decode-image.js';
import type { ImageFormat } from './image/image-header.js';
import type { PageReader } from './ocr/ocr-pool.js';
import type { PageCrop } from './ocr/page-task.js';
import { pageFindings, parsedPageOf, readPages, sharedCopy } from './ocr/read-pages.js';
import { ProcessingFailure, type ParsedFile } from '../document/parsed-document.js';

export interface ImageOptions {
  reader: PageReader;
  /** 0-based pages to read (a split or crop child); every page when absent. */
  pageIndexes?: readonly number[] | undefined;
  crop?: PageCrop | undefined;
  findRegions?: boolean | undefined;
}

/** JPEG, PNG and (multi-page) TIFF: every page recognised in the OCR workers; the file's header checked first. */
export async function parseImage(bytes: Uint8Array, format: ImageFormat, options: ImageOptions): Promise<ParsedFile> {
  const count = await imagePageCount(bytes, format);
  const indexes = options.pageIndexes ?? Array.from({ length: count }, (_, i) => i);
  const missing = indexes.find((i) => i >= count);
  if (missing !== undefined) throw new ProcessingFailure(`Page ${missing} does not exist: the image has ${count} page(s).`);
  const shared = sharedCopy(bytes);
  const results = await readPages(
    options.reader,
    indexes.map((page) => ({ source: { kind: 'image', format, bytes: shared, page }, crop: options.crop, stamps: true, regions: options.findRegions === true })),
  );
  return {
    // Images have no dpi of their own: the contract answers 0 and positions are in image pixels.
    pages: results.map((r, page) => ({ page, angle: r.text.angle, width: r.text.width, height: r.text.height, dpi: 0 })),
    document: { pages: results.map(parsedPageOf) },
    ...pageFindings(results, indexes.map((_, n) => n)),
  };
}
