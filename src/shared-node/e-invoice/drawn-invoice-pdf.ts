import { drawInvoice, type DrawnInvoice } from './draw-invoice.js';
import type { InvoiceData } from './invoice-data.js';
import { readInvoiceXml } from './read-invoice-xml.js';

/**
 * The drawn page of an invoice given as XML alone, with its data: the parse reads it, and the page
 * images are drawn from it again (in the page workers), so positions always fit the pictures.
 */
export async function drawnInvoicePdf(bytes: Uint8Array): Promise<DrawnInvoice & { data: InvoiceData }> {
  const { data } = readInvoiceXml(bytes, 'The XML file');
  return { ...(await drawInvoice(data, { name: data.syntax === 'CII' ? 'factur-x.xml' : 'ubl-invoice.xml', bytes })), data };
}
