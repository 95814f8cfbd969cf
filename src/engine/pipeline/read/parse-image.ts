import { imagePages, type ImageFormat } from './image/image-header.js';
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

/** JPEG, PNG and (multi-page) TIFF: every page recognised in the OCR workers; sizes checked from the header first. */
export async function parseImage(bytes: Uint8Array, format: ImageFormat, options: ImageOptions): Promise<ParsedFile> {
  const sizes = imagePages(bytes, format);
  const indexes = options.pageIndexes ?? sizes.map((_, i) => i);
  const missing = indexes.find((i) => i >= sizes.length);
  if (missing !== undefined) throw new ProcessingFailure(`Page ${missing} does not exist: the image has ${sizes.length} page(s).`);
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
