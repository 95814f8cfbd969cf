// The engine's one door to pdf.js: the platform's JSON.stringify is kept (see native-json.ts), which
// needs native-json.ts evaluated before pdf.js and its worker: import order here, and no other module
// importing pdf.js.
import { restoreNativeJson } from '../../shared/native-json.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
// Loaded here, not on the first document: pdf.js's fake worker under Node installs the polyfill again.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';

restoreNativeJson();

export const { getDocument, PasswordResponses, Util, OPS } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
