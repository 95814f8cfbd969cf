// pdf.js ships no types for its worker build; the core loads it only for its side effect (see pdf-inspect.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
