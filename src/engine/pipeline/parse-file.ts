import { LIMITS, type FileFormat } from '../../shared/api/index.js';
import { parseXmlInvoice, withEmbeddedInvoice } from './e-invoice/parse-e-invoice.js';
import { imageFormatOf } from './image/image-header.js';
import type { PageReader } from './ocr/ocr-pool.js';
import type { PageCrop } from './ocr/page-task.js';
import { parseImage } from './parse-image.js';
import { parseDoc, parseXls } from './parse-legacy-office.js';
import { parseDocx, parseXlsx } from './parse-office.js';
import { parseOfd } from './parse-ofd/parse-ofd.js';
import { parsePdf } from './parse-pdf.js';
import { parseText } from './parse-text.js';
import { ProcessingFailure, type ParsedFile } from './parsed-document.js';

export interface ParseOptions {
  dpi: number;
  password?: string | undefined;
  /** 0-based pages of the original to read (split and crop children); every page when absent. */
  pageIndexes?: readonly number[] | undefined;
  /** parser_params.parse_mode: 'scan' recognises PDF pages from their images even when they have text. */
  parseMode?: string | undefined;
  /** A crop child's part of its (single) page. */
  crop?: PageCrop | undefined;
  /** Look for separate photos or documents on recognised pages (crop_flag). */
  findRegions?: boolean | undefined;
  reader: PageReader;
  /** false: no invoice XML is read, a PDF's attachment nor an XML file (an engine standing in for the cloud). */
  invoiceXml?: boolean | undefined;
}

export const NO_TEXT_CAUSE = 'No text was found in the file: its pages look blank, or the writing is too faint or too small to read.';

/** Text and geometry of an original, whatever its format; what cannot be read fails with a plain cause. */
export async function parseFile(format: FileFormat, bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile> {
  if (bytes.byteLength === 0) throw new ProcessingFailure('The file is empty (0 bytes): there is nothing to recognise.');
  if (bytes.byteLength > LIMITS.fileBytes) throw new ProcessingFailure(`The file is ${Math.ceil(bytes.byteLength / 1024 / 1024)} MB; the engine reads files up to ${LIMITS.fileBytes / 1024 / 1024} MB.`);
  const parsed = await parseByFormat(format, bytes, options);
  const hasText = parsed.document.pages.some((p) => p.lines.length > 0);
  // A page holding several photos is cut apart even when none of them carries text.
  if (!hasText && !(options.findRegions && (parsed.regions?.length ?? 0) > 1)) throw new ProcessingFailure(format === 'txt' ? 'The text file holds no text.' : NO_TEXT_CAUSE);
  return parsed;
}

function parseByFormat(format: FileFormat, bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile> | ParsedFile {
  const image = imageFormatOf(format);
  if (image) return parseImage(bytes, image, options);
  switch (format) {
    case 'pdf':
      return options.invoiceXml === false ? parsePdf(bytes, options) : parsePdf(bytes, options).then((parsed) => withEmbeddedInvoice(bytes, parsed, options));
    case 'xml':
      if (options.invoiceXml === false) throw new ProcessingFailure('XML files are not read here: upload the invoice as a PDF.');
      return parseXmlInvoice(bytes, options);
    case 'txt':
      return parseText(bytes, options.pageIndexes);
    case 'docx':
      return parseDocx(bytes, options.pageIndexes);
    case 'xlsx':
      return parseXlsx(bytes, options.pageIndexes);
    case 'doc':
      return parseDoc(bytes, options.pageIndexes);
    case 'xls':
      return parseXls(bytes, options.pageIndexes);
    case 'ofd':
      return parseOfd(bytes, options);
    default:
      throw new ProcessingFailure(`${format.toUpperCase()} files are not read by the local engine. Save the document as PDF and upload that, or use the cloud service.`);
  }
}
