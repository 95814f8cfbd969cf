import type { FileFormat } from '../../../shared/api/index.js';
import { ProcessingFailure, type ParsedFile } from '../document/parsed-document.js';
import { parseXmlInvoice, withEmbeddedInvoice } from './e-invoice/parse-e-invoice.js';
import { imageFormatOf } from './image/image-header.js';
import type { PageReader } from './ocr/ocr-pool.js';
import type { PageCrop } from './ocr/page-task.js';
import { parseOfd } from './ofd/parse-ofd.js';
import { parseImage } from './parse-image.js';
import { parseDoc, parseXls } from './parse-legacy-office.js';
import { parseDocx, parseXlsx } from './parse-office.js';
import { parsePdf } from './parse-pdf.js';
import { parseText } from './parse-text.js';

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

/** One file format's reader, as paperless-ngx has them: the formats it declares, and the one parsed document it ends in. */
export type FormatReader = {
  formats: readonly FileFormat[];
  read: (bytes: Uint8Array, format: FileFormat, options: ParseOptions) => Promise<ParsedFile> | ParsedFile;
};

const pdf: FormatReader = {
  formats: ['pdf'],
  read: async (bytes, _, options) => {
    const parsed = await parsePdf(bytes, options);
    return options.invoiceXml === false ? parsed : withEmbeddedInvoice(bytes, parsed, options);
  },
};

const image: FormatReader = {
  formats: ['jpeg', 'jpg', 'png', 'tiff', 'tif'],
  read: (bytes, format, options) => parseImage(bytes, imageFormatOf(format)!, options),
};

const xmlInvoice: FormatReader = {
  formats: ['xml'],
  read: (bytes, _, options) => {
    if (options.invoiceXml === false) throw new ProcessingFailure('XML files are not read here: upload the invoice as a PDF.');
    return parseXmlInvoice(bytes, options);
  },
};

const text: FormatReader = { formats: ['txt'], read: (bytes, _, options) => parseText(bytes, options.pageIndexes) };

const office: FormatReader = {
  formats: ['docx', 'xlsx'],
  read: (bytes, format, options) => (format === 'docx' ? parseDocx : parseXlsx)(bytes, options.pageIndexes),
};

const legacyOffice: FormatReader = {
  formats: ['doc', 'xls'],
  read: (bytes, format, options) => (format === 'doc' ? parseDoc : parseXls)(bytes, options.pageIndexes),
};

const ofd: FormatReader = { formats: ['ofd'], read: (bytes, _, options) => parseOfd(bytes, options) };

/** Every reader of the engine; a new format is one reader here. */
export const READERS: readonly FormatReader[] = [pdf, image, xmlInvoice, text, office, legacyOffice, ofd];

export function readerOf(format: FileFormat): FormatReader | undefined {
  return READERS.find((reader) => reader.formats.includes(format));
}
