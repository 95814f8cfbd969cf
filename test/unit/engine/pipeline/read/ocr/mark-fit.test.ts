import { describe, expect, it } from 'vitest';
import type { CtcReading, Guess } from '../../../../../../src/engine/pipeline/read/ocr/ctc-decode.js';
import { COMMA_MIN_P, fitCommas, MARK_MIN_P, restoreMarks } from '../../../../../../src/engine/pipeline/read/ocr/mark-fit.js';

/** A reading of `text`, one frame width apart, with marks half-seen after some characters. */
function reading(text: string, marks: Record<number, Guess> = {}): CtcReading {
  const chars = Array.from(text);
  return { chars, centers: chars.map((_, i) => 10 * i), scores: chars.map(() => 0.9), guesses: chars.map(() => []), marks: chars.slice(1).map((_, i) => marks[i]) };
}

describe('restoreMarks', () => {
  it('reads a decimal point the blank outvoted between two digits, midway between them', () => {
    const restored = restoreMarks(reading('Total 8091', { 7: { char: '.', p: 0.2 } }));
    expect(restored.chars.join('')).toBe('Total 80.91');
    expect(restored.centers.slice(7, 10)).toEqual([70, 75, 80]);
    expect([restored.guesses.length, restored.scores.length, restored.marks.length]).toEqual([11, 11, 10]);
  });

  it('reads a time colon the same way', () => {
    expect(restoreMarks(reading('1231', { 1: { char: ':', p: 0.29 } })).chars.join('')).toBe('12:31');
  });

  it('adds no mark between letters, or where the recognizer hardly saw one', () => {
    expect(restoreMarks(reading('AB 8091', { 0: { char: '.', p: 0.5 }, 4: { char: '.', p: MARK_MIN_P / 2 } })).chars.join('')).toBe('AB 8091');
  });
});

describe('fitCommas', () => {
  const fit = (text: string, at: number, p: number) => fitCommas(Array.from(text), Array.from(text, (_, i) => (i === at ? [{ char: ',', p }] : []))).join('');

  it("reads a point at a word's end as the comma the recognizer also saw", () => {
    expect(fit('TAMAN DAYA. JOHOR', 10, 0.3)).toBe('TAMAN DAYA, JOHOR');
    expect(fit('LOT 1851-B.', 10, 0.3)).toBe('LOT 1851-B,');
  });

  it('keeps points inside numbers and points the recognizer was sure of', () => {
    expect(fit('122.124', 3, 0.5)).toBe('122.124');
    expect(fit('SDN. BHD', 3, COMMA_MIN_P / 2)).toBe('SDN. BHD');
  });
});
