import { CURRENCY_MARKS } from '../../document/currency-marks.js';
import type { Guess } from './ctc-decode.js';
import { kindOf } from './digit-letter-fit.js';
import { MIN_WORD, type Lexicon } from './lexicon.js';

/** How likely another character must have been, where it was read, to be put in a word's place. */
export const WORD_FIT_MIN_P = 0.1;

type Change = { at: number; char: string; p: number };
type Run = [start: number, end: number];

/**
 * Words the lexicon does not know are read again with the letters the recognizer also saw at each
 * place ("IRAINEE" with T at 0.33 beside the I is "TRAINEE"); the likeliest known word within two
 * such changes is kept. So is a currency mark beside an amount ("RH 60.30" with M beside the H).
 * Known words, short words and words with no close call stay as read.
 */
export function fitWords(chars: readonly string[], guesses: readonly (readonly Guess[])[], lexicon: Lexicon): string[] {
  const fitted = [...chars];
  const apply = ([start]: Run, changes: readonly Change[] | undefined) => {
    for (const change of changes ?? []) fitted[start + change.at] = change.char;
  };
  for (const run of letterRuns(chars)) {
    const word = chars.slice(...run);
    if (word.length >= MIN_WORD && !lexicon.has(word.join('').toLowerCase())) apply(run, closeCallFit(word, guesses.slice(...run), (w) => lexicon.has(w.toLowerCase()), 2));
  }
  for (const run of currencyPlaces(chars)) {
    const mark = chars.slice(...run);
    if (!isCurrencyMark(mark.join(''))) apply(run, closeCallFit(mark, guesses.slice(...run), isCurrencyMark, 1));
  }
  return fitted;
}

/**
 * The changes of close calls (each another character the recognizer saw at a place, in the case of
 * the one read there) that make `word` known: the likeliest single change, else the likeliest pair
 * (when `most` allows two); undefined when none does.
 */
function closeCallFit(word: readonly string[], guesses: readonly (readonly Guess[])[], known: (text: string) => boolean, most: 1 | 2): Change[] | undefined {
  const changes = word.flatMap((read, at) =>
    (guesses[at] ?? []).flatMap((g) => {
      const char = read === read.toUpperCase() ? g.char.toUpperCase() : g.char.toLowerCase();
      return g.p >= WORD_FIT_MIN_P && char !== read ? [{ at, char, p: g.p }] : [];
    }),
  );
  const makesKnown = (set: readonly Change[]) => {
    const candidate = [...word];
    for (const c of set) candidate[c.at] = c.char;
    return known(candidate.join(''));
  };
  const likeliest = (sets: Change[][]) => sets.filter(makesKnown).sort((a, b) => likelihood(b) - likelihood(a))[0];
  const pairs = most < 2 ? [] : changes.flatMap((a, i) => changes.slice(i + 1).filter((b) => b.at !== a.at).map((b) => [a, b]));
  return likeliest(changes.map((c) => [c])) ?? likeliest(pairs);
}

const likelihood = (set: readonly Change[]) => set.reduce((product, c) => product * c.p, 1);

/** Each run of ASCII letters that is a whole word: a run touching "ü" or "é" is part of a word of another language. */
function letterRuns(chars: readonly string[]): Run[] {
  const letter = (char: string | undefined) => /^\p{L}$/u.test(char ?? '');
  return runsOf(chars, isLetter).filter(([start, end]) => !letter(chars[start - 1]) && !letter(chars[end]));
}

/** Short runs of letters and symbols where a currency mark is printed: right before a number ("RH 60.30", "S8.20") or alone in brackets ("(RH)"). */
function currencyPlaces(chars: readonly string[]): Run[] {
  return runsOf(chars, (c) => !/[\s\d()（）]/u.test(c)).filter(([start, end]) => {
    if (end - start > 3) return false;
    const [before, after] = [chars[start - 1], chars[end]];
    const beforeNumber = /\d/.test(after ?? '') || (after === ' ' && /\d/.test(chars[end + 1] ?? ''));
    return beforeNumber || (/[(（]/u.test(before ?? '') && /[)）]/u.test(after ?? ''));
  });
}

/** Each maximal run of characters that `inRun` accepts, as [start, end). */
export function runsOf(chars: readonly string[], inRun: (char: string) => boolean): Run[] {
  const runs: Run[] = [];
  let start = -1;
  for (let i = 0; i <= chars.length; i++) {
    const inside = i < chars.length && inRun(chars[i]!);
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      runs.push([start, i]);
      start = -1;
    }
  }
  return runs;
}

const CURRENCY_KEYS: ReadonlySet<string> = new Set(CURRENCY_MARKS.map((mark) => mark.toUpperCase()));
const isCurrencyMark = (text: string) => CURRENCY_KEYS.has(text.toUpperCase());

const isLetter = (char: string) => kindOf(char) === 'letter';
