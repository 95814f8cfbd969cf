import { readFile } from 'node:fs/promises';
import { getDocument } from './pdf/pdfjs.js';
import type { FileFormat } from '../../../shared/api/index.js';
import { imagePageCount } from './image/decode-image.js';
import { imageFormatOf, type ImageFormat } from './image/image-header.js';
import type { PageReader } from './ocr/ocr-pool.js';
import { parseImage } from './parse-image.js';
import { docLines, xlsSheets } from './parse-legacy-office.js';
import { docxLines, xlsxSheets } from './parse-office.js';

/** Enough text to tell one kind of document from another; a 1000-page sample need not be read whole. */
const MAX_SAMPLE_CHARS = 100_000;
/**
 * Only an image sample's first page is recognised: its title and labels are there, and each page
 * holds the upload request for a second or more (an A4 scan several).
 */
export const MAX_SAMPLE_IMAGE_PAGES = 1;

/**
 * The text a sample file contributes to classification: a text file's or a PDF's text layer, a
 * DOCX's paragraphs, an XLSX's rows, an image's recognised lines (the OCR workers, as for uploads).
 * A sample whose text cannot be read (damaged, encrypted, blank, OFD) is still a sample:
 * this never throws, it gives ''.
 */
export async function sampleText(path: string, format: FileFormat, reader: PageReader): Promise<string> {
  try {
    return (await readSample(path, format, reader)).slice(0, MAX_SAMPLE_CHARS);
  } catch {
    return '';
  }
}

/** An office file's text lines, sheets one after the other. */
const OFFICE_TEXT = {
  docx: docxLines,
  doc: docLines,
  xlsx: async (bytes: Uint8Array) => (await xlsxSheets(bytes)).flat(),
  xls: async (bytes: Uint8Array) => (await xlsSheets(bytes)).flat(),
} as const;

async function readSample(path: string, format: FileFormat, reader: PageReader): Promise<string> {
  if (format === 'txt') return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const image = imageFormatOf(format);
  const office = OFFICE_TEXT[format as keyof typeof OFFICE_TEXT];
  if (!image && format !== 'pdf' && !office) return '';
  const bytes = new Uint8Array(await readFile(path));
  if (image) return imageText(bytes, image, reader);
  if (format === 'pdf') return pdfText(bytes, MAX_SAMPLE_CHARS);
  return (await office!(bytes)).join('\n');
}

async function imageText(bytes: Uint8Array, format: ImageFormat, reader: PageReader): Promise<string> {
  const pages = Math.min(await imagePageCount(bytes, format), MAX_SAMPLE_IMAGE_PAGES);
  const parsed = await parseImage(bytes, format, { reader, pageIndexes: Array.from({ length: pages }, (_, i) => i) });
  return parsed.document.pages.flatMap((page) => page.lines.map((line) => line.text)).join('\n');
}

/** The text layer of a PDF, page by page, lines ended as pdf.js marks them; stops once maxChars are read. */
export async function pdfText(data: Uint8Array, maxChars = Number.POSITIVE_INFINITY): Promise<string> {
  const doc = await (await getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 })).promise;
  try {
    let text = '';
    for (let n = 1; n <= doc.numPages && text.length < maxChars; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const lines = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''));
      text += (n > 1 ? '\n' : '') + lines.join('');
    }
    return text.slice(0, maxChars);
  } finally {
    await doc.destroy();
  }
}
