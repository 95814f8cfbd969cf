// The engine's one door to pdf.js: the platform's JSON.stringify is kept (see native-json.ts), which
// needs native-json.ts evaluated before pdf.js: import order here, and no other module importing pdf.js.
import { restoreNativeJson } from '../../../../shared/native-json.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

restoreNativeJson();

export const { PasswordResponses, Util, OPS } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

let fakeWorker: Promise<void> | undefined;

/**
 * pdf.js's getDocument, its fake worker loaded first: pdf.js would load it itself on the first
 * document and install the polyfill again. Loaded then, not at start: it costs about a second, in
 * the engine and in every page worker, most of which never open a PDF.
 */
export async function getDocument(...args: Parameters<typeof pdfjs.getDocument>): Promise<ReturnType<typeof pdfjs.getDocument>> {
  await (fakeWorker ??= import('pdfjs-dist/legacy/build/pdf.worker.mjs').then(restoreNativeJson));
  return pdfjs.getDocument(...args);
}
