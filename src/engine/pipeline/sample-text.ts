import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FileFormat } from '../../shared/api/index.js';

/** Enough text to tell one kind of document from another; a 1000-page sample need not be read whole. */
const MAX_SAMPLE_CHARS = 100_000;

/**
 * The text a sample file contributes to classification. Formats without a text layer (images, office
 * files) give ''. A sample whose text cannot be read is still a sample: this never throws.
 */
export async function sampleText(path: string, format: FileFormat): Promise<string> {
  try {
    if (format === 'txt') return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').slice(0, MAX_SAMPLE_CHARS);
    if (format === 'pdf') return await pdfText(new Uint8Array(await readFile(path)), MAX_SAMPLE_CHARS);
  } catch {
    // Damaged or encrypted PDFs, unreadable bytes: fall through to no text.
  }
  return '';
}

/** The text layer of a PDF, page by page, lines ended as pdf.js marks them; stops once maxChars are read. */
export async function pdfText(data: Uint8Array, maxChars = Number.POSITIVE_INFINITY): Promise<string> {
  const doc = await getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    let text = '';
    for (let n = 1; n <= doc.numPages && text.length < maxChars; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const lines = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''));
      text += (n > 1 ? '\n' : '') + lines.join('');
    }
    return text.slice(0, maxChars);
  } finally {
    await doc.destroy();
  }
}
