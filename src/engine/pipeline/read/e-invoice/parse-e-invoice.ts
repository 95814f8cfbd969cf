import type { Position } from '../../../../shared/api/index.js';
import { parsePdf, type PdfOptions } from '../parse-pdf.js';
import { rectVertices, type ParsedFile } from '../../document/parsed-document.js';
import type { DrawnInvoice } from '../../../../shared-node/e-invoice/draw-invoice.js';
import { drawnInvoicePdf } from '../../../../shared-node/e-invoice/drawn-invoice-pdf.js';
import { embeddedInvoiceXml } from './embedded-xml.js';
import type { InvoicePlacements } from '../../../../shared-node/e-invoice/invoice-data.js';
import { readInvoiceXml } from '../../../../shared-node/e-invoice/read-invoice-xml.js';

/**
 * A PDF that carries its invoice as XML (Factur-X, ZUGFeRD, XRechnung): the pages as printed, with the
 * XML's values over them and every amount the XML states, for the print check that follows reading
 * (e-invoice/print-check.ts). A split child's pages are part of a file, not the invoice: they are read
 * as printed.
 */
export async function withEmbeddedInvoice(bytes: Uint8Array, parsed: ParsedFile, options: Pick<PdfOptions, 'password' | 'pageIndexes'>): Promise<ParsedFile> {
  if (options.pageIndexes) return parsed;
  const xml = await embeddedInvoiceXml(bytes, options.password);
  if (!xml) return parsed;
  const { data, amounts } = readInvoiceXml(xml.bytes, `The PDF's attached invoice ${xml.name}`);
  return { ...parsed, document: { ...parsed.document, invoice: { data, page: 'original', statedAmounts: [...amounts] } } };
}

/** An XML e-invoice alone (CII, UBL, or a 数电票's `EInvoice`): its values, on a page the engine draws and reads like a PDF's. */
export async function parseXmlInvoice(bytes: Uint8Array, options: PdfOptions): Promise<ParsedFile> {
  const drawn = await drawnInvoicePdf(bytes);
  const parsed = await parsePdf(drawn.pdf, { dpi: options.dpi, pageIndexes: options.pageIndexes, reader: options.reader });
  if (options.pageIndexes) return parsed;
  return { ...parsed, document: { ...parsed.document, invoice: { data: drawn.data, page: 'drawn', placements: placementsOf(drawn, parsed) } } };
}

/** Where the drawing put each value, in the pixels of the pages as read. */
function placementsOf(drawn: DrawnInvoice, parsed: ParsedFile): InvoicePlacements {
  const placements: InvoicePlacements = {};
  for (const value of drawn.values) {
    const scale = (parsed.pages[value.page]?.width ?? 0) / drawn.size[0];
    const [left, top, right, bottom] = value.box.map((v) => v * scale) as [number, number, number, number];
    const position: Position = { page: value.page, vertices: rectVertices(left, top, right, bottom) };
    (placements[value.path] ??= []).push(position);
  }
  return placements;
}
