import type { CtcReading, Guess } from './ctc-decode.js';
import { kindOf } from './digit-letter-fit.js';

/** How likely a mark between two digits must have been, in the blank frames between them, to be read. */
export const MARK_MIN_P = 0.05;

/**
 * Small print's decimal points and time colons are often outvoted by the blank: "80.91" read as
 * "8091", "12:31" as "1231". Where the recognizer half-saw a mark between two digits, it is read.
 * The mark sits midway between the digits; it adds nothing to the line's score.
 */
export function restoreMarks(reading: CtcReading): CtcReading {
  const { chars, centers, scores, guesses, marks } = reading;
  const restored: CtcReading = { chars: [], centers: [], scores: [], guesses: [], marks: [] };
  chars.forEach((char, i) => {
    restored.chars.push(char);
    restored.centers.push(centers[i]!);
    restored.scores.push(scores[i]!);
    restored.guesses.push(guesses[i] ?? []);
    const mark = marks[i];
    const next = chars[i + 1];
    if (mark === undefined || next === undefined || mark.p < MARK_MIN_P || !isDigit(char) || !isDigit(next)) {
      if (next !== undefined) restored.marks.push(mark);
      return;
    }
    restored.marks.push(undefined);
    restored.chars.push(mark.char);
    restored.centers.push((centers[i]! + centers[i + 1]!) / 2);
    restored.scores.push(mark.p);
    restored.guesses.push([]);
    restored.marks.push(undefined);
  });
  return restored;
}

const isDigit = (char: string) => kindOf(char) === 'digit';

/** How likely a comma must have been where a point was read at a word's end, to be read instead. */
export const COMMA_MIN_P = 0.2;

/**
 * A comma's tail is the faintest stroke of thermal print: "TAMAN DAYA," reads as "TAMAN DAYA.".
 * A point at a word's end (before a space or the segment's end) for which the recognizer also gave
 * a comma a fair chance is read as the comma.
 */
export function fitCommas(chars: readonly string[], guesses: readonly (readonly Guess[])[]): string[] {
  return chars.map((char, i) => {
    if (char !== '.' || !/^[\p{L}\p{N}]$/u.test(chars[i - 1] ?? '') || (chars[i + 1] ?? ' ') !== ' ') return char;
    const comma = guesses[i]?.find((g) => g.char === ',' || g.char === '，');
    return comma && comma.p >= COMMA_MIN_P ? ',' : char;
  });
}
