/**
 * The recognizer confuses look-alike digits and Latin letters (0/O, 1/I/L, 5/S, 8/B, 2/Z, 6/G) on
 * faded print: "L0T", "JA1AN", "8110O". Where it read a digit between letters (or a letter between
 * digits) and itself gave the other kind a fair chance at that place, the other kind is read.
 * Mixed words ("U13", "1851-B", "S6") keep what was read: a neighbour of each kind means no change.
 */
import type { Guess } from './ctc-decode.js';

/** How likely the other kind must have been, at the frame where the character was read. */
export const OTHER_KIND_MIN_P = 0.1;

type Kind = 'digit' | 'letter' | 'other';

/** Characters with each look-alike replaced where its neighbours are all of the other kind. */
export function fitDigitsAndLetters(chars: readonly string[], guesses: readonly (readonly Guess[])[]): string[] {
  return chars.map((char, i) => {
    const kind = kindOf(char);
    const other = kind === 'other' ? undefined : guesses[i]?.find((g) => kindOf(g.char) === (kind === 'digit' ? 'letter' : 'digit'));
    if (other === undefined || other.p < OTHER_KIND_MIN_P) return char;
    const kinds = new Set([neighbourKind(chars, i, -1), neighbourKind(chars, i, 1)]);
    kinds.delete('other');
    return kinds.size === 1 && kinds.has(kindOf(other.char)) ? other.char : char;
  });
}

export function kindOf(char: string): Kind {
  if (/^[0-9]$/.test(char)) return 'digit';
  return /^[A-Za-z]$/.test(char) ? 'letter' : 'other';
}

/** The kind of the nearest character on one side; a point or comma is looked through (decimal marks, "NO.5"). */
function neighbourKind(chars: readonly string[], at: number, step: -1 | 1): Kind {
  for (let i = at + step; i >= 0 && i < chars.length; i += step) {
    if (chars[i] === '.' || chars[i] === ',') continue;
    return kindOf(chars[i]!);
  }
  return 'other';
}
