import { describe, expect, it } from 'vitest';
import type { Guess } from '../../../../../../src/engine/pipeline/read/ocr/ctc-decode.js';
import { fitDigitsAndLetters, OTHER_KIND_MIN_P } from '../../../../../../src/engine/pipeline/read/ocr/digit-letter-fit.js';

/** The recognizer's reading of a word, with the other kind's likeliest character at one place. */
function fit(word: string, at: number, other: string, p = 0.3): string {
  const others: Guess[][] = Array.from(word, (_, i) => (i === at ? [{ char: other, p }] : []));
  return fitDigitsAndLetters(Array.from(word), others).join('');
}

describe('fitDigitsAndLetters', () => {
  it('reads a digit between letters as the letter the recognizer also saw there', () => {
    expect(fit('L0T', 1, 'O')).toBe('LOT');
    expect(fit('JA1AN', 2, 'L')).toBe('JALAN');
    expect(fit('N0:', 1, 'O')).toBe('NO:');
  });

  it('reads a letter among digits as the digit, decimal marks looked through', () => {
    expect(fit('8110O', 4, '0')).toBe('81100');
    expect(fit('1O.50', 1, '0')).toBe('10.50');
  });

  it('keeps mixed words as read: a neighbour of each kind means no change', () => {
    expect(fit('U13', 1, 'I')).toBe('U13');
    expect(fit('RMO.00', 2, '0')).toBe('RMO.00');
    expect(fit('1851-B', 5, '8')).toBe('1851-B');
  });

  it('keeps the reading when the recognizer gave the other kind little chance', () => {
    expect(fit('L0T', 1, 'O', OTHER_KIND_MIN_P / 2)).toBe('L0T');
  });

  it('leaves characters with no other kind (Chinese, punctuation) alone', () => {
    expect(fitDigitsAndLetters(['发', '票', '1'], [[], [], [{ char: 'I', p: 0.9 }]])).toEqual(['发', '票', '1']);
  });
});
