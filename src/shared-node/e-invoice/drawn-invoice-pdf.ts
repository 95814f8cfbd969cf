import { drawInvoice, type DrawnInvoice } from './draw-invoice.js';
import type { InvoiceData } from './invoice-data.js';
import { readInvoiceXml } from './read-invoice-xml.js';

/** The name the drawn PDF gives the XML it carries: Factur-X's for CII, a name of its own for each other syntax. */
const ATTACHMENT_NAMES: Readonly<Record<InvoiceData['syntax'], string>> = { CII: 'factur-x.xml', UBL: 'ubl-invoice.xml', EInvoice: 'einvoice.xml', OFD: 'invoice.xml' };

/**
 * The drawn page of an invoice given as XML alone, with its data: the parse reads it, and the page
 * images are drawn from it again (in the page workers), so positions always fit the pictures.
 */
export async function drawnInvoicePdf(bytes: Uint8Array): Promise<DrawnInvoice & { data: InvoiceData }> {
  const { data } = readInvoiceXml(bytes, 'The XML file');
  return { ...(await drawInvoice(data, { name: ATTACHMENT_NAMES[data.syntax], bytes })), data };
}
