import { describe, expect, it } from 'vitest';
import { rowsOf, rowText } from '../../../../../src/engine/pipeline/layout/segments.js';
import type { ParsedFile } from '../../../../../src/engine/pipeline/document/parsed-document.js';
import { textDocument } from '../document-fixture.js';
import { scanDocument } from '../scan-fixture.js';

type Page = ParsedFile['document']['pages'][number];

/** An OCR line of 20 px wide characters 30 px high, its baseline rising `slope` px per character (a skewed scan). */
function skewedLine(text: string, left: number, top: number, slope: number): Page['lines'][number] {
  const chars = Array.from(text);
  const charPositions = chars.map((_, i) => {
    const [x, y] = [left + i * 20, top + i * slope];
    return [x, y, x + 20, y, x + 20, y + 30, x, y + 30];
  });
  const bottom = top + Math.max(0, (chars.length - 1) * slope) + 30;
  return { text, position: [left, top, left + chars.length * 20, top, left + chars.length * 20, bottom, left, bottom], charPositions } as Page['lines'][number];
}

describe('rows of a skewed scan', () => {
  it('keeps lines 36 px apart on their own rows although each line drops 60 px from end to end', () => {
    const lines = ['LIGHTROOM GALLERY SDN BHD', 'NO: 28, JALAN ASTANA 1C,', 'BANDAR BUKIT RAJA, 41050'].map((text, i) => skewedLine(text, 100, 100 + i * 36, 60 / 25));
    const page = { page: 0, width: 800, height: 600, angle: 0, lines } as unknown as Page;
    expect(rowsOf({ pages: [page] })[0]!.map(rowText)).toEqual(['LIGHTROOM GALLERY SDN BHD', 'NO: 28, JALAN ASTANA 1C,', 'BANDAR BUKIT RAJA, 41050']);
  });
});

describe('rows of a skewed scan, along its lines', () => {
  it("keeps a table's rows apart where each row's right end sits nearly a row lower than its left", () => {
    // A 1.1° skew: 0.4 px per 20 px character, 22 px over the 1100 px between the cells, rows 27 px apart.
    const lines = [1, 2, 3, 4].flatMap((n) => [skewedLine(`ITEM NAME ROW ${n}`, 100, 100 + n * 27, 0.4), skewedLine(`1234.5${n}`, 1200, 100 + n * 27 + 22, 0.4)]);
    const page = { page: 0, width: 1600, height: 600, angle: 0, lines } as unknown as Page;
    expect(rowsOf({ pages: [page] })[0]!.map(rowText)).toEqual([1, 2, 3, 4].map((n) => `ITEM NAME ROW ${n}  1234.5${n}`));
  });
});

describe('segments of a recognised line', () => {
  it('keeps words one space apart in one segment although the ink-hugging boxes make the space 0.9 of their height', () => {
    const rows = rowsOf(scanDocument('Name: Lieferant GmbH\nAnschrift: Lieferantenstrasse 20'))[0]!;
    expect(rows.map((r) => r.segments.map((s) => s.text))).toEqual([['Name: Lieferant GmbH'], ['Anschrift: Lieferantenstrasse 20']]);
  });

  it('still splits a recognised line at a column gap', () => {
    const rows = rowsOf(scanDocument('Rechnungswahrung  : EUR'))[0]!;
    expect(rows[0]!.segments.map((s) => s.text)).toEqual(['Rechnungswahrung', ': EUR']);
  });
});

describe('labels a form spreads over their box', () => {
  it('joins "名　　称：" back into one label, and leaves a section label beside an unspread one apart', () => {
    const texts = (line: string) => rowsOf(textDocument(line))[0]![0]!.segments.map((s) => s.text);
    expect(texts('名  称：  深圳星辰科技有限公司')).toEqual(['名 称：', '深圳星辰科技有限公司']);
    expect(texts('校  验  码：  61759 23803')).toEqual(['校 验 码：', '61759 23803']);
    expect(texts('购  名称：  青禾文化有限公司')).toEqual(['购', '名称：', '青禾文化有限公司']);
  });
});
