import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, PasswordResponses, type PDFDocumentProxy } from './pdfjs.js';
import { MAX_PAGE_PIXELS } from '../image/image-header.js';
import { ProcessingFailure } from '../../document/parsed-document.js';

export const PDF_CAUSES = {
  needPassword: 'This PDF is password-protected: retry with its password (pdf_pwd).',
  wrongPassword: 'The PDF password is wrong: retry with the right one (pdf_pwd).',
} as const;

// pdf.js reads its font, CMap and decoder files from disk under Node: without them, PDFs using the
// standard 14 fonts render no text, Chinese PDFs with predefined CMaps extract none, and JPEG 2000
// scans do not decode.
const PDFJS = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const ASSETS = {
  standardFontDataUrl: join(PDFJS, 'standard_fonts') + '/',
  cMapUrl: join(PDFJS, 'cmaps') + '/',
  cMapPacked: true,
  wasmUrl: join(PDFJS, 'wasm') + '/',
  iccUrl: join(PDFJS, 'iccs') + '/',
} as const;

/** Opens a PDF (a copy of the bytes: pdf.js takes ownership of what it is given); failures come worded for the user. */
export async function openPdf(bytes: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  const task = await getDocument({ ...ASSETS, data: new Uint8Array(bytes), password, isEvalSupported: false, useSystemFonts: false, maxImageSize: MAX_PAGE_PIXELS, verbosity: 0 });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    throw new ProcessingFailure(pdfFailureCause(error));
  }
}

/** The user-facing cause of a PDF that pdf.js could not open. */
export function pdfFailureCause(error: unknown): string {
  const { name, code, message } = (error ?? {}) as { name?: string; code?: number; message?: string };
  if (name === 'PasswordException') return code === PasswordResponses.INCORRECT_PASSWORD ? PDF_CAUSES.wrongPassword : PDF_CAUSES.needPassword;
  if (name === 'InvalidPDFException') return `The file is not a readable PDF (damaged or truncated): ${message ?? 'invalid structure'}.`;
  return `The PDF could not be read: ${message ?? String(error)}.`;
}
