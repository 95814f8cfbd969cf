// pdf.js ships no types for its worker build; the engine and the core load it only for its side effect (pipeline/pdfjs.ts, pdf-inspect.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
