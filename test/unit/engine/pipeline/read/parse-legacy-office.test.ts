import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docLines, parseDoc, parseXls, xlsSheets } from '../../../../../src/engine/pipeline/read/parse-legacy-office.js';
import { docxLines, parseDocx, parseXlsx } from '../../../../../src/engine/pipeline/read/parse-office.js';
import { letterDocx, workbookXlsx } from '../../../../fixtures/legacy-office/twins.js';
import { failureOf } from '../../../../support/processing-failure.js';

// The .doc and .xls were made once by LibreOffice from the DOCX and XLSX twins.ts makes (README.md beside them).
const FIXTURES = join(import.meta.dirname, '../../../../fixtures/legacy-office');
const fixture = async (name: string) => new Uint8Array(await readFile(join(FIXTURES, name)));

describe('parseDoc', () => {
  it('reads a Word 97-2003 file into the same page as its DOCX twin, table cells and all', async () => {
    const doc = await fixture('letter.doc');
    expect(await docLines(doc)).toEqual(await docxLines(letterDocx()));
    expect(await parseDoc(doc)).toEqual(await parseDocx(letterDocx()));
    expect(await docLines(doc)).toEqual(expect.arrayContaining(['发票号码：04412345　开票日期：2026年11月20日', 'Terms: “net 30”, bank transfer to DE89 3704 0044 0532 0130 00', 'Ink cartridges 墨水', '12.00']));
  });

  it('reads a DOCX that was given the .doc extension as the DOCX it is', async () => {
    expect(await parseDoc(letterDocx())).toEqual(await parseDocx(letterDocx()));
  });

  it('fails on a file that is not a Word document, or a damaged one, with a plain cause', async () => {
    expect(await failureOf(parseDoc(new TextEncoder().encode('{\\rtf1 not a doc}')))).toMatch(/not a readable DOC file.*save it as DOCX or PDF/);
    const doc = await fixture('letter.doc');
    expect(await failureOf(parseDoc(doc.slice(0, 2048)))).toMatch(/^The DOC document could not be read \(damaged or not really a DOC\)/);
  });
});

describe('parseXls', () => {
  it('reads an Excel 97-2003 workbook into the same pages as its XLSX twin', async () => {
    const xls = await fixture('workbook.xls');
    const xlsx = await workbookXlsx();
    expect(await xlsSheets(xls)).toEqual([
      ['Item               Qty  Unit price  Amount  Taxed', 'Fountain pen       2    3.5         7       true', 'Ink cartridges 墨水  10               12      false', 'Total                               19'],
      ['Paid by transfer on 2026-11-20', 'Ref                             INV-2041'],
    ]);
    expect(await parseXls(xls)).toEqual(await parseXlsx(xlsx));
  });

  it('fails on a file that is not an Excel workbook, or a damaged one, with a plain cause', async () => {
    expect(await failureOf(parseXls(new TextEncoder().encode('<html><table><tr><td>1</td></tr></table></html>')))).toMatch(/not a readable XLS file.*save it as XLSX or PDF/);
    expect(await failureOf(parseXls(await fixture('letter.doc')))).toMatch(/^The XLS document could not be read/);
  });
});
