import { describe, expect, it } from 'vitest';
import { letterStacks } from '../../../../../src/engine/pipeline/layout/stacked-letters.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { textDocument } from '../document-fixture.js';

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
