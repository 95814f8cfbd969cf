import { ProcessingFailure } from '../processing-failure.js';
import { MAX_XML_DEPTH, parseStrictXml } from '../xml/parse-strict-xml.js';
import type { XmlElement } from '../xml/xml-element.js';
import type { InvoiceData } from './invoice-data.js';
import { CII_ROOTS, readCii } from './read-cii.js';
import { DIGITAL_INVOICE_ROOT, readDigitalInvoice } from './read-digital-invoice.js';
import { readUbl, UBL_ROOTS } from './read-ubl.js';

export interface InvoiceReading {
  data: InvoiceData;
  /** Every number the XML states anywhere (totals, allowances, prepaid amounts, line values), in cents. */
  amounts: Set<number>;
}

/** Elements in one invoice XML; the largest real invoices hold a few tens of thousands. */
const MAX_ELEMENTS = 500_000;

/**
 * An invoice XML, told apart by its root element: EN 16931 in either syntax, CII or UBL 2.1, or
 * China's fully digital e-invoice (数电票), all through the one strict parse. `what` names the
 * document in a failure ("The XML file", "The PDF's attachment factur-x.xml").
 */
export function readInvoiceXml(bytes: Uint8Array | string, what: string): InvoiceReading {
  const root = parseStrictXml(bytes, {
    subject: what,
    namespaces: true,
    maxElements: MAX_ELEMENTS,
    refusals: {
      doctype: 'declares a DOCTYPE (a DTD with entities): e-invoices never need one, and it could expand without bound or read other files, so it is refused.',
      tooDeep: `nests elements more than ${MAX_XML_DEPTH} deep: no invoice does, so it is refused.`,
      tooMany: `holds more than ${MAX_ELEMENTS} elements: too large for an invoice, so it is refused.`,
    },
  });
  return { data: invoiceDataOf(root, what), amounts: amountsIn(root) };
}

function invoiceDataOf(root: XmlElement, what: string): InvoiceData {
  if (CII_ROOTS.includes(root.name)) return readCii(root);
  if (UBL_ROOTS.includes(root.name) && root.uri.startsWith('urn:oasis:names:specification:ubl:schema:xsd:')) return readUbl(root);
  if (root.name === DIGITAL_INVOICE_ROOT) return readDigitalInvoice(root);
  throw new ProcessingFailure(`${what} is XML but no e-invoice: its root element is <${root.name}>, where an invoice has <CrossIndustryInvoice> (CII, Factur-X, ZUGFeRD, XRechnung), <Invoice>/<CreditNote> (UBL 2.1) or <EInvoice> (China's fully digital e-invoice, 数电票).`);
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
  return /<(?:[\w.-]+:)?(?:CrossIndustryInvoice|CrossIndustryDocument|Invoice|CreditNote|EInvoice)[\s>]/.test(text.slice(0, 20_000));
}
