import { describe, expect, it } from 'vitest';
import { fuzzyLocate } from '../../../../../src/engine/pipeline/learning/fuzzy-locate.js';
import { charKeys } from '../../../../../src/engine/pipeline/learning/page-text.js';

const keys = (text: string) => charKeys(text);

describe('fuzzyLocate', () => {
  it('finds a wanted text inside a longer one, with the edits a misreading needs', () => {
    const text = keys('TEL 03-1234  LOT 7, JALAN KENANGA 4 43000 KAJANG  THANK YOU');
    const match = fuzzyLocate(keys('Lot 7 Jalan Kenanga 4, 43000 Kajang'), text)!;
    expect(text.slice(match.start, match.end).join('')).toBe(keys('LOT 7 JALAN KENANGA 4 43000 KAJANG').join(''));
    expect(match.distance).toBe(0);
    expect(fuzzyLocate(keys('JALAN KENANGA'), keys('JALAN KENAGA'))!.distance).toBe(1);
  });

  it('counts letters and digits OCR takes for one another as the same', () => {
    expect(fuzzyLocate(keys('JALAN 10'), keys('JA1AN IO'))!.distance).toBe(0);
  });

  it('answers nothing for nothing wanted', () => {
    expect(fuzzyLocate([], keys('ANY TEXT'))).toBeUndefined();
  });
});
