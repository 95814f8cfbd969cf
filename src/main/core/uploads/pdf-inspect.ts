import { readFile } from 'node:fs/promises';
import { restoreNativeJson } from '../../../shared/native-json.js';

export type PdfInspection =
  | { kind: 'ok'; pages: number }
  | { kind: 'needs-password' }
  | { kind: 'wrong-password' }
  | { kind: 'unreadable'; message: string };

/** Opens a PDF with pdf.js to count its pages; an encrypted one opens only with its password. */
export async function inspectPdf(path: string, password?: string): Promise<PdfInspection> {
  // Loaded on first use: pdf.js takes about a second to load, which the core's start should not pay.
  // Its fake worker is loaded with it, both before the platform's JSON.stringify is put back (native-json.ts).
  const [{ getDocument, PasswordResponses }] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]);
  restoreNativeJson();
  const task = getDocument({ data: new Uint8Array(await readFile(path)), password, isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    return { kind: 'ok', pages: doc.numPages };
  } catch (error) {
    const { name, code, message } = (error ?? {}) as { name?: string; code?: number; message?: string };
    if (name === 'PasswordException') return code === PasswordResponses.INCORRECT_PASSWORD ? { kind: 'wrong-password' } : { kind: 'needs-password' };
    return { kind: 'unreadable', message: message ?? String(error) };
  } finally {
    await task.destroy();
  }
}
