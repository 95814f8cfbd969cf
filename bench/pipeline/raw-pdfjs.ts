import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The reference: pdf.js reading the text of every page of the files, nothing more. Answers the seconds taken. */
export async function rawTextExtraction(corpusDir: string, files: readonly string[]): Promise<number> {
  const bytes = await Promise.all(files.map((f) => readFile(join(corpusDir, f))));
  const started = performance.now();
  for (const data of bytes) {
    const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
    for (let n = 1; n <= doc.numPages; n++) await (await doc.getPage(n)).getTextContent();
    await doc.destroy();
  }
  return (performance.now() - started) / 1000;
}
