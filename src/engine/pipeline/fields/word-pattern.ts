import { escapedPattern } from '../document/text-match.js';

/** Words as one regular-expression alternation, longest first so that "bis zum" wins over "bis"; a space matches any spacing. */
export function alternatives(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => escapedPattern(word).replace(/ /gu, '\\s+'))
    .join('|');
}
