import { openPdf } from '../../src/engine/pipeline/read/pdf/pdf-open.js';

/** What a PDF holds as pdf.js reads it (not the writer that made it): its pages' text and its attached files by name. */
export async function pdfContents(bytes: Uint8Array): Promise<{ pages: string[]; attachments: Map<string, Uint8Array> }> {
  const doc = await openPdf(bytes, undefined);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    const attached = Object.values(((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>);
    return { pages, attachments: new Map(attached.map((a) => [a.filename, a.content])) };
  } finally {
    await doc.destroy();
  }
}
