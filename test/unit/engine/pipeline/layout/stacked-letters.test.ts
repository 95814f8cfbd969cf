import { afterAll, describe, expect, it } from 'vitest';
import { letterStacks } from '../../../../../src/engine/pipeline/layout/stacked-letters.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { OcrPool } from '../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../../../../../src/engine/pipeline/read/parse-file.js';
import { DEFAULT_PARSER_PARAMS } from '../../../../../src/engine/store/file-store.js';
import { layoutFamily } from '../../../../../bench/layouts/families.js';
import { generateDocument } from '../../../../../bench/layouts/generate-document.js';
import { renderTextPdf } from '../../../../../bench/layouts/render-document.js';
import { textDocument } from '../document-fixture.js';
import { PARTY_HEADINGS } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';

const rowsOfText = (text: string) => rowsOf(textDocument(text))[0]!;
const texts = (text: string) => rowsOfText(text).map((row) => row.segments.map((s) => s.text));

describe('words set vertically, one capital a row', () => {
  // A text PDF and a scan join each letter to the block's line beside it.
  const block = ['L Lieferant GmbH          K Kunden AG', 'I Hauptstraße 5           U Marktplatz 2', 'E 10115 Berlin            N 80331 München', 'F                         D', 'E                         E'].join('\n');

  it("cuts each letter off the line it ran into, at the line's start or end", () => {
    expect(texts(block).slice(0, 3)).toEqual([
      ['L', 'Lieferant GmbH', 'K', 'Kunden AG'],
      ['I', 'Hauptstraße 5', 'U', 'Marktplatz 2'],
      ['E', '10115 Berlin', 'N', '80331 München'],
    ]);
    expect(texts(['Invoice 4711 K', 'Order 881234 U', 'Customer 123 N'].join('\n'))).toEqual([['Invoice 4711', 'K'], ['Order 881234', 'U'], ['Customer 123', 'N']]);
  });

  it('reads the words top to bottom, left one first', () => {
    expect(letterStacks(rowsOfText(block)).map((stack) => stack.map((l) => l.letter).join(''))).toEqual(['LIEFE', 'KUNDE']);
  });

  it('leaves two capitals stacked, or capitals not above one another, on their lines', () => {
    expect(texts(['A Apfel 1,20', 'B Birne 0,90'].join('\n'))).toEqual([['A Apfel 1,20'], ['B Birne 0,90']]);
    expect(texts(['A Apfel', '  B Birne', 'C Quitte'].join('\n'))).toEqual([['A Apfel'], ['B Birne'], ['C Quitte']]);
  });
});

describe('rows beside a word set vertically', () => {
  // Generated invoices with both blocks under vertical labels, as text PDFs: the letters, pitched closer than the
  // block's lines and glued to whichever line shares their baseline, must not join two lines into one row.
  const reader = new OcrPool();
  afterAll(() => reader.close());

  it('spells each vertical label whole, the small letters a text layer ran together ("UN Pappelallee 15", "NU") included', async () => {
    const headings = new Set(Object.values(PARTY_HEADINGS).flat());
    // The two documents of the seed whose buyer label "RECHNUNGSADRESSE" is set small enough for its letters to run together, and two others.
    for (const index of [0, 2, 11, 18]) {
      const parsed = await parseFile('pdf', (await renderTextPdf(generateDocument(layoutFamily('de-vertical-labels'), 11, index, []))).bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader });
      const words = letterStacks(rowsOf(parsed.document)[0]!).map((stack) => stack.map((l) => l.letter).join('').toLowerCase());
      expect(words.filter((word) => !headings.has(word))).toEqual([]);
      expect(words).toHaveLength(2);
    }
  });

  it('groups the lines as printed: no row holds two lines of text one above the other', async () => {
    for (let index = 0; index < 6; index++) {
      const parsed = await parseFile('pdf', (await renderTextPdf(generateDocument(layoutFamily('de-vertical-labels'), 11, index, []))).bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader });
      const stacked = rowsOf(parsed.document)[0]!.flatMap((row) => {
        const lines = row.segments.filter((s) => Array.from(s.text).length > 1);
        return lines.flatMap((a, i) => lines.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right).map((b) => `${a.text} / ${b.text}`));
      });
      expect(stacked).toEqual([]);
    }
  });
});
