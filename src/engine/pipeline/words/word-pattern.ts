import { escapedPattern } from '../document/text-match.js';

/** Words as one regular-expression alternation, longest first so that "bis zum" wins over "bis"; a space matches any spacing. */
export function alternatives(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => escapedPattern(word).replace(/ /gu, '\\s+'))
    .join('|');
}

/** A word of a script written without spaces (CJK, "发票", "購入者"): no word ends it, and other characters may run into it. */
export function isUnspaced(word: string): boolean {
  return /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u.test(word);
}
