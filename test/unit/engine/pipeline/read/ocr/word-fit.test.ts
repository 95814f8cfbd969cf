import { beforeAll, describe, expect, it } from 'vitest';
import type { Guess } from '../../../../../../src/engine/pipeline/read/ocr/ctc-decode.js';
import { loadLexicon, type Lexicon } from '../../../../../../src/engine/pipeline/read/ocr/lexicon.js';
import { fitWords, WORD_FIT_MIN_P } from '../../../../../../src/engine/pipeline/read/ocr/word-fit.js';

let lexicon: Lexicon;
beforeAll(async () => {
  lexicon = await loadLexicon();
});

/** Reads `text` with the recognizer's other guesses at some places ({ index: 'T0.33' } is T at 0.33). */
function fit(text: string, seen: Record<number, string> = {}): string {
  const chars = Array.from(text);
  const guesses: Guess[][] = chars.map((_, i) => (seen[i] ? seen[i].split(' ').map((g) => ({ char: g[0]!, p: Number(g.slice(1)) })) : []));
  return fitWords(chars, guesses, lexicon).join('');
}

describe('fitWords', () => {
  it('reads an unknown word as the known word the recognizer also saw there', () => {
    expect(fit('OPERATOR IRAINEE CASHIER', { 9: 'T0.33' })).toBe('OPERATOR TRAINEE CASHIER');
    expect(fit('Conpany No:', { 2: 'm0.2' })).toBe('Company No:');
  });

  it('keeps the case the word was printed in', () => {
    expect(fit('WIIHIN', { 2: 't0.34' })).toBe('WITHIN');
    expect(fit('STRICILY', { 1: 'I0.26', 5: 't0.18' })).toBe('STRICTLY');
  });

  it('takes two close calls when one does not make a word', () => {
    expect(fit('BIG SIREICH FILM', { 5: 'T0.3', 8: 'T0.25' })).toBe('BIG STRETCH FILM');
  });

  it('prefers one change to two and the likelier change among several', () => {
    expect(fit('ANOUNT', { 1: 'M0.4', 3: 'I0.2' })).toBe('AMOUNT');
    expect(fit('MUSF', { 3: 'T0.2 E0.3' })).toBe('MUSE');
  });

  it('leaves known words, short words and unlikely guesses as read', () => {
    expect(fit('CASHIER', { 5: 'T0.5' })).toBe('CASHIER');
    expect(fit('QF THE', { 0: 'O0.4' })).toBe('QF THE');
    expect(fit('TRI SHAAS SDN BHD', { 11: 'O0.3' })).toBe('TRI SHAAS SDN BHD');
    expect(fit('IRAINEE', { 0: `T${WORD_FIT_MIN_P / 2}` })).toBe('IRAINEE');
  });

  it('reads a currency mark beside an amount or in brackets as the mark the recognizer also saw', () => {
    expect(fit('CHANGE RH 10.00', { 8: 'M0.41' })).toBe('CHANGE RM 10.00');
    expect(fit('TOTAL: S8.20', { 7: '$0.3' })).toBe('TOTAL: $8.20');
    expect(fit('TAX(RH)', { 5: 'M0.2' })).toBe('TAX(RM)');
  });

  it('leaves short words that are no currency mark, or not beside an amount, as read', () => {
    expect(fit('RH NEGATIVE', { 1: 'M0.41' })).toBe('RH NEGATIVE');
    expect(fit('SH 8', { 1: 'X0.41' })).toBe('SH 8');
  });

  it('leaves words of other scripts and unknown words with no known neighbour alone', () => {
    expect(fit('发票代码 JALAN KEMBANGAN', { 5: 'T0.3' })).toBe('发票代码 JALAN KEMBANGAN');
    expect(fit('Brücke', { 4: 'u0.4' })).toBe('Brücke');
  });
});
