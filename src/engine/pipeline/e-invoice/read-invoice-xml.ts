import { ProcessingFailure } from '../parsed-document.js';
import type { InvoiceData } from './invoice-data.js';
import { parseInvoiceXml, type XmlElement } from './invoice-xml.js';
import { CII_ROOTS, readCii } from './read-cii.js';
import { readUbl, UBL_ROOTS } from './read-ubl.js';

export interface InvoiceReading {
  data: InvoiceData;
  /** Every number the XML states anywhere (totals, allowances, prepaid amounts, line values), in cents. */
  amounts: Set<number>;
}

/** An EN 16931 invoice XML in either syntax, CII or UBL 2.1, told apart by its root element. */
export function readInvoiceXml(bytes: Uint8Array | string, what: string): InvoiceReading {
  const root = parseInvoiceXml(bytes, what);
  return { data: invoiceDataOf(root, what), amounts: amountsIn(root) };
}

function invoiceDataOf(root: XmlElement, what: string): InvoiceData {
  if (CII_ROOTS.includes(root.local)) return readCii(root);
  if (UBL_ROOTS.includes(root.local) && root.uri.startsWith('urn:oasis:names:specification:ubl:schema:xsd:')) return readUbl(root);
  throw new ProcessingFailure(`${what} is XML but no e-invoice: its root element is <${root.local}>, where an invoice has <CrossIndustryInvoice> (CII, Factur-X, ZUGFeRD, XRechnung) or <Invoice>/<CreditNote> (UBL 2.1).`);
}

function amountsIn(root: XmlElement): Set<number> {
  const found = new Set<number>();
  const visit = (e: XmlElement) => {
    const text = e.text.trim();
    if (/^[+-]?\d+(\.\d+)?$/.test(text)) found.add(Math.abs(Math.round(Number(text) * 100)));
    e.children.forEach(visit);
  };
  visit(root);
  return found;
}

/** Whether an XML's text is an e-invoice root, looked at before reading it whole (a PDF's attachments, a file picked). */
export function looksLikeInvoiceXml(text: string): boolean {
  return /<(?:[\w.-]+:)?(?:CrossIndustryInvoice|CrossIndustryDocument|Invoice|CreditNote)[\s>]/.test(text.slice(0, 20_000));
}
