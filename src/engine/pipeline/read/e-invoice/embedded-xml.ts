import { openPdf } from '../pdf/pdf-open.js';
import { looksLikeInvoiceXml } from '../../../../shared-node/e-invoice/read-invoice-xml.js';

/** The names Factur-X, ZUGFeRD 1.0-2.x and XRechnung give the invoice they attach, in lower case. */
const INVOICE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'order-x.xml'];

// Every embedded file's stream is marked /EmbeddedFile outside any object stream: a PDF without the
// mark has no attachment, and is not opened a second time to look.
const EMBEDDED_FILE_MARK = Buffer.from('/EmbeddedFile');

export interface EmbeddedXml {
  name: string;
  bytes: Uint8Array;
}

/** The invoice XML a PDF carries (Factur-X, ZUGFeRD, XRechnung): by its standard name, else the first attached XML whose root is an invoice. */
export async function embeddedInvoiceXml(bytes: Uint8Array, password: string | undefined): Promise<EmbeddedXml | undefined> {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(EMBEDDED_FILE_MARK) < 0) return undefined;
  const doc = await openPdf(bytes, password);
  try {
    const attached = Object.values(((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>);
    const xml = attached.filter((a) => a.filename.toLowerCase().endsWith('.xml'));
    const named = xml.find((a) => INVOICE_NAMES.includes(a.filename.toLowerCase()));
    const chosen = named ?? xml.find((a) => looksLikeInvoiceXml(new TextDecoder().decode(a.content.subarray(0, 20_000))));
    return chosen ? { name: chosen.filename, bytes: chosen.content } : undefined;
  } finally {
    await doc.destroy();
  }
}
