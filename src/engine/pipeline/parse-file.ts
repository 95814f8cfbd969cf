import type { FileFormat } from '../../shared/api/index.js';
import { parsePdf } from './parse-pdf.js';
import { parseText } from './parse-text.js';
import { ProcessingFailure, type ParsedFile } from './parsed-document.js';

export interface ParseOptions {
  dpi: number;
  password?: string | undefined;
  pageIndexes?: readonly number[] | undefined;
}

const NEEDS_OCR: readonly string[] = ['jpeg', 'jpg', 'png', 'tiff', 'tif'];

/** Text and geometry of an original; formats the engine cannot read yet fail with a plain cause. */
export async function parseFile(format: FileFormat, bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile> {
  if (bytes.byteLength === 0) throw new ProcessingFailure('The file is empty (0 bytes): there is nothing to recognise.');
  if (format === 'pdf') return parsePdf(bytes, options);
  if (format === 'txt') return readableText(parseText(bytes, options.pageIndexes));
  if (NEEDS_OCR.includes(format)) {
    throw new ProcessingFailure(`${format.toUpperCase()} images need text recognition (OCR), which is not available in this engine version yet. Upload a PDF with selectable text or a TXT file, or use the cloud service.`);
  }
  throw new ProcessingFailure(`${format.toUpperCase()} files are not read by the local engine yet. Save the document as PDF and upload that, or use the cloud service.`);
}

function readableText(parsed: ParsedFile): ParsedFile {
  if (parsed.document.pages.every((p) => p.lines.length === 0)) throw new ProcessingFailure('The text file holds no text.');
  return parsed;
}
