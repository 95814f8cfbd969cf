import { PasswordResponses } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrPool } from '../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parsePdf } from '../../../../../src/engine/pipeline/read/parse-pdf.js';
import { NO_TEXT_CAUSE, parseFile } from '../../../../../src/engine/pipeline/read/parse-file.js';
import { PDF_CAUSES, pdfFailureCause } from '../../../../../src/engine/pipeline/read/pdf/pdf-open.js';
import { encryptPdf, makeScanPdf } from '../../../../fixtures/scan-files.js';
import { drawRoundSeal } from '../../../../fixtures/stamp-drawing.js';
import { makeTextImage } from '../../../../fixtures/text-image.js';
import { makeTextPdf } from '../../../../fixtures/text-pdf.js';
import { failureOf } from '../../../../support/processing-failure.js';

// The real worker pool: text layers and scanned pages are both read in its threads.
const reader = new OcrPool();
afterAll(() => reader.close());

describe('parsePdf', () => {
  it('reads lines with positions in the pixel space of the requested dpi', async () => {
    const pdf = await makeTextPdf([['Invoice Number: INV-2026-0042', 'Total Amount: 1,234.50'], ['Second page']]);
    const parsed = await parsePdf(pdf, { dpi: 144, reader });
    expect(parsed.pages).toEqual([
      { page: 0, angle: 0, width: 1190, height: 1684, dpi: 144 },
      { page: 1, angle: 0, width: 1190, height: 1684, dpi: 144 },
    ]);
    const [first, second] = parsed.document.pages[0]!.lines;
    expect(first!.text).toBe('Invoice Number: INV-2026-0042');
    // x = 50 pt, baseline 782 pt from the bottom: 100 px and (842 - 782) * 2 = 120 px from the top.
    const [x1, y1, x2, y2, , y3, x4, y4] = first!.position;
    expect([x1, x4]).toEqual([100, 100]);
    expect(y1).toBe(y2);
    expect(y3).toBe(y4);
    expect(y1).toBeLessThan(120);
    expect(y3).toBeGreaterThan(120);
    expect(x2! - x1!).toBeCloseTo(172 * 2, -1);
    expect(first!.charPositions).toHaveLength(first!.text.length);
    expect(second!.position[1]).toBeGreaterThan(y3!);
    expect(parsed.document.pages[1]!.lines.map((l) => l.text)).toEqual(['Second page']);
  });

  it('scales with the dpi and reads only the asked pages', async () => {
    const pdf = await makeTextPdf([['one'], ['two'], ['three']]);
    const parsed = await parsePdf(pdf, { dpi: 216, pageIndexes: [2, 0], reader });
    expect(parsed.pages.map((p) => [p.page, p.width, p.dpi])).toEqual([
      [0, 1785, 216],
      [1, 1785, 216],
    ]);
    expect(parsed.document.pages.map((p) => p.lines[0]!.text)).toEqual(['three', 'one']);
    expect(await failureOf(parsePdf(pdf, { dpi: 144, pageIndexes: [3], reader }))).toMatch(/Page 3 does not exist/);
  });

  it('fails with a plain cause on a blank PDF, a damaged file and an empty file', async () => {
    expect(await failureOf(parseFile('pdf', await makeTextPdf([[]]), { dpi: 144, reader }))).toBe(NO_TEXT_CAUSE);
    expect(await failureOf(parsePdf(new TextEncoder().encode('%PDF-1.7 garbage'), { dpi: 144, reader }))).toMatch(/not a readable PDF/);
    expect(await failureOf(parseFile('pdf', new Uint8Array(), { dpi: 144, reader }))).toMatch(/empty/);
  });

  it('refuses more pages than the engine reads', async () => {
    const pages = Array.from({ length: 1001 }, () => []);
    expect(await failureOf(parsePdf(await makeTextPdf(pages), { dpi: 144, reader }))).toMatch(/1001 pages.*at most 1000/);
  });

  it('recognises pages without a text layer at the requested dpi, and every page with parse_mode scan', async () => {
    const image = makeTextImage({ width: 1190, height: 400, lines: [{ text: 'Scanned Invoice Number: S-77', x: 80, y: 150, size: 48 }] });
    const scanned = await parsePdf(await makeScanPdf([image.bytes]), { dpi: 216, reader });
    expect(scanned.pages).toEqual([{ page: 0, angle: 0, width: 1785, height: 2526, dpi: 216 }]);
    expect(scanned.document.pages[0]!.lines.map((l) => l.text)).toEqual(['Scanned Invoice Number: S-77']);
    // The A4 page is 1785 px wide at 216 dpi; the 1190 px image fills it (scale 1.5).
    expect(Math.abs(scanned.document.pages[0]!.lines[0]!.position[0]! - 120)).toBeLessThan(10);
    const text = await makeTextPdf([['Hello from the text layer']]);
    const asScan = await parsePdf(text, { dpi: 144, reader, parseMode: 'scan' });
    expect(asScan.document.pages[0]!.lines.map((l) => l.text)).toEqual(['Hello from the text layer']);
    expect(asScan.pages[0]).toEqual({ page: 0, angle: 0, width: 1190, height: 1684, dpi: 144 });
  });

  it('finds a seal placed as an image on a text-layer page, in the page\'s pixel space, and none on a grey logo or plain text', async () => {
    const seal = makeTextImage({ width: 400, height: 400, lines: [], draw: (c) => drawRoundSeal(c, 200, 200, 190, '北京星河科技有限公司', '发票专用章') });
    const logo = makeTextImage({ width: 400, height: 160, lines: [{ text: 'STAR RIVER', x: 20, y: 100, size: 64, color: '#555555' }] });
    const lines = ['Invoice Number: INV-2026-0042', 'Seller: Star River Ltd'];
    // The seal's image: 150 pt square, 300 pt from the left and 400 pt from the top; 2 px per point at 144 dpi.
    const sealed = await makeTextPdf([lines, lines], { images: [{ page: 1, png: seal.bytes, left: 300, top: 400, width: 150, height: 150 }, { page: 0, png: logo.bytes, left: 300, top: 60, width: 150, height: 60 }] });
    const parsed = await parsePdf(sealed, { dpi: 144, reader });
    expect(parsed.document.pages.map((p) => p.lines[0]!.text)).toEqual(['Invoice Number: INV-2026-0042', 'Invoice Number: INV-2026-0042']);
    expect(parsed.stamps).toMatchObject([{ page: 1, color: 'red', shape: 'circle' }]);
    const [left, top, right, , , bottom] = parsed.stamps![0]!.position;
    // Its ring (radius 0.95 of the drawing's half side) spans 607 to 893 px across and 807 to 1093 px down.
    [607, 807, 893, 1093].forEach((expected, i) => expect(Math.abs([left, top, right, bottom][i]! - expected)).toBeLessThan(12));
    expect((await parsePdf(await makeTextPdf([lines]), { dpi: 144, reader })).stamps).toEqual([]);
  });

  it('opens an encrypted PDF with its password, and says when it is missing or wrong', async () => {
    const encrypted = encryptPdf(await makeTextPdf([['Secret Invoice Number: E-5']]), 'open sesame');
    expect(await failureOf(parsePdf(encrypted, { dpi: 144, reader }))).toBe(PDF_CAUSES.needPassword);
    expect(await failureOf(parsePdf(encrypted, { dpi: 144, reader, password: 'open says me' }))).toBe(PDF_CAUSES.wrongPassword);
    const opened = await parsePdf(encrypted, { dpi: 144, reader, password: 'open sesame' });
    expect(opened.document.pages[0]!.lines.map((l) => l.text)).toEqual(['Secret Invoice Number: E-5']);
  });

  it('words password failures for the user', () => {
    const passwordError = (code: number) => Object.assign(new Error('x'), { name: 'PasswordException', code });
    expect(pdfFailureCause(passwordError(PasswordResponses.NEED_PASSWORD))).toBe(PDF_CAUSES.needPassword);
    expect(pdfFailureCause(passwordError(PasswordResponses.INCORRECT_PASSWORD))).toBe(PDF_CAUSES.wrongPassword);
  });
});

describe('parseFile', () => {
  it('says plainly what is wrong with a file of any readable format that is not what it claims', async () => {
    const junk = new Uint8Array([1]);
    expect(await failureOf(parseFile('doc', junk, { dpi: 144, reader }))).toMatch(/not a readable DOC file.*save it as DOCX or PDF/);
    expect(await failureOf(parseFile('xls', junk, { dpi: 144, reader }))).toMatch(/not a readable XLS file.*save it as XLSX or PDF/);
    expect(await failureOf(parseFile('ofd', junk, { dpi: 144, reader }))).toMatch(/OFD/);
    expect(await failureOf(parseFile('xml', junk, { dpi: 144, reader }))).toMatch(/XML/);
    expect(await failureOf(parseFile('txt', new TextEncoder().encode(' \n\n'), { dpi: 144, reader }))).toMatch(/no text/);
  });

  it('refuses a file over 100 MB before reading it', async () => {
    expect(await failureOf(parseFile('pdf', new Uint8Array(100 * 1024 * 1024 + 1), { dpi: 144, reader }))).toMatch(/101 MB; the engine reads files up to 100 MB/);
  });
});
