import { describe, expect, it } from 'vitest';
import { parseDocx, parseXlsx } from '../../../../../src/engine/pipeline/read/parse-office.js';
import { TEXT_PAGE } from '../../../../../src/engine/pipeline/read/parse-text.js';
import { MAX_UNPACKED_BYTES, requireUnpackable } from '../../../../../src/engine/pipeline/read/zip-budget.js';
import { makeDocx, makeXlsx } from '../../../../fixtures/office-files.js';
import { makeZip } from '../../../../fixtures/zip-file.js';
import { failureOf } from '../../../../support/processing-failure.js';

const texts = (parsed: Awaited<ReturnType<typeof parseDocx>>) => parsed.document.pages.map((p) => p.lines.map((l) => l.text));

describe('parseDocx', () => {
  it('lays the paragraphs out like a text file', async () => {
    const parsed = await parseDocx(makeDocx(['Invoice Number: D-1', '发票号码：12345', 'Total: 5 & 6 <ok>']));
    expect(parsed.pages).toEqual([{ page: 0, angle: 0, width: TEXT_PAGE.width, height: TEXT_PAGE.height, dpi: 0 }]);
    expect(texts(parsed)[0]).toEqual(['Invoice Number: D-1', '发票号码：12345', 'Total: 5 & 6 <ok>']);
  });

  it('fails on a damaged file with a plain cause', async () => {
    expect(await failureOf(parseDocx(new TextEncoder().encode('not a zip at all')))).toMatch(/not a readable DOCX/);
    expect(await failureOf(parseDocx(makeZip([{ name: 'hello.txt', data: 'no document here' }])))).toMatch(/DOCX document could not be read/);
  });
});

describe('parseXlsx', () => {
  it('starts each sheet on a new page with its cells in aligned columns', async () => {
    const parsed = await parseXlsx(await makeXlsx({ Items: [['Item', 'Amount'], ['Fountain pen', 3.5]], Totals: [['Total', 99]] }));
    expect(texts(parsed)).toEqual([['Item          Amount', 'Fountain pen  3.5'], ['Total  99']]);
  });
});

describe('requireUnpackable', () => {
  it('refuses an archive that inflates beyond the budget, whatever sizes it declares', () => {
    const bomb = makeZip([{ name: 'word/document.xml', data: new Uint8Array(MAX_UNPACKED_BYTES + 1) }]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(() => requireUnpackable(bomb, 'DOCX')).toThrow(/more than 100 MB.*zip bomb/);
    expect(() => requireUnpackable(makeDocx(['fine']), 'DOCX')).not.toThrow();
  });
});
