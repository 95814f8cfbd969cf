import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrPool } from '../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { MAX_SAMPLE_IMAGE_PAGES, sampleText } from '../../../../../src/engine/pipeline/read/sample-text.js';
import { letterDocx, workbookXlsx } from '../../../../fixtures/legacy-office/twins.js';
import { makeDocx, makeXlsx } from '../../../../fixtures/office-files.js';
import { makeScanPage } from '../../../../fixtures/scan-page.js';
import { makeTextPdf } from '../../../../fixtures/text-pdf.js';
import { makeEncodedTiff } from '../../../../fixtures/tiff-files.js';

let dir: string;
const reader = new OcrPool({ threads: 1 });
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-sample-text-'));
});
afterAll(() => reader.close());

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('sampleText', () => {
  it('reads a text sample as UTF-8 without its byte order mark', async () => {
    expect(await sampleText(await file('a.txt', '\uFEFFRechnung Nr. 7 — Σ 12,00 €'), 'txt', reader)).toBe('Rechnung Nr. 7 — Σ 12,00 €');
  });

  it('reads the text layer of a PDF, line by line and page by page', async () => {
    const pdf = await makeTextPdf([['INVOICE', 'Number 42'], ['Page two']]);
    expect(await sampleText(await file('a.pdf', pdf), 'pdf', reader)).toBe('INVOICE\nNumber 42\nPage two');
  });

  it('reads a DOCX paragraph by paragraph and an XLSX row by row, as uploads are read', async () => {
    // mammoth ends each paragraph with a blank line.
    expect((await sampleText(await file('a.docx', makeDocx(['Bill of lading', 'Carrier: Maersk'])), 'docx', reader)).split('\n').filter(Boolean)).toEqual(['Bill of lading', 'Carrier: Maersk']);
    const xlsx = await makeXlsx({ Manifest: [['Container', 'Seal'], ['MSKU 1234567', 'ML-88']], Notes: [['Fumigated']] });
    expect(await sampleText(await file('a.xlsx', xlsx), 'xlsx', reader)).toBe('Container     Seal\nMSKU 1234567  ML-88\nFumigated');
  });

  it('reads a DOC and an XLS sample as their DOCX and XLSX twins are read', async () => {
    const legacy = join(import.meta.dirname, '../../../../fixtures/legacy-office');
    expect(await sampleText(join(legacy, 'letter.doc'), 'doc', reader)).toBe(await sampleText(await file('letter.docx', letterDocx()), 'docx', reader));
    expect(await sampleText(join(legacy, 'workbook.xls'), 'xls', reader)).toBe(await sampleText(await file('workbook.xlsx', await workbookXlsx()), 'xlsx', reader));
    expect(await sampleText(join(legacy, 'letter.doc'), 'doc', reader)).toContain('Total due: EUR 23.90');
  });

  it('recognises an image sample, only the first page of a scan', async () => {
    expect(await sampleText(await file('a.png', makeScanPage(['Veterinary certificate', 'Rabies vaccination'])), 'png', reader)).toBe('Veterinary certificate\nRabies vaccination');
    const pages = Array.from({ length: MAX_SAMPLE_IMAGE_PAGES + 1 }, (_, i) => makeScanPage([`Scan page ${i + 1}`]));
    const tiff = await makeEncodedTiff(pages, { pixels: 'bilevel', compression: 'packbits' });
    expect((await sampleText(await file('a.tif', tiff), 'tiff', reader)).split('\n')).toEqual(pages.slice(0, MAX_SAMPLE_IMAGE_PAGES).map((_, i) => `Scan page ${i + 1}`));
  });

  it('gives no text, and no error, for damaged files, a missing file, a blank image and formats it does not read', async () => {
    expect(await sampleText(await file('broken.pdf', 'not a pdf at all'), 'pdf', reader)).toBe('');
    expect(await sampleText(join(dir, 'missing.txt'), 'txt', reader)).toBe('');
    expect(await sampleText(await file('scan.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47])), 'png', reader)).toBe('');
    expect(await sampleText(await file('blank.png', makeScanPage([])), 'png', reader)).toBe('');
    expect(await sampleText(await file('broken.docx', 'PK not a zip'), 'docx', reader)).toBe('');
    expect(await sampleText(await file('old.doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])), 'doc', reader)).toBe('');
  });
});
