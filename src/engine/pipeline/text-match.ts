// Matching of names and labels in recognised text: case-insensitive, and whole words where the term
// starts or ends with a letter or digit of a script that separates words (CJK text has no spaces).
const WORD_CHAR = /[\p{L}\p{N}]/u;
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR.test(ch) && !UNSPACED_SCRIPT.test(ch);
}

export interface TermMatch {
  /** Code-unit indexes into the searched text. */
  start: number;
  end: number;
}

export function findTerm(text: string, term: string): TermMatch[] {
  const needle = term.trim();
  if (needle === '') return [];
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'), 'giu');
  const checkStart = isWordChar(Array.from(needle)[0]);
  const checkEnd = isWordChar(Array.from(needle).pop());
  return [...text.matchAll(pattern)]
    .map((m) => ({ start: m.index, end: m.index + m[0].length }))
    .filter(({ start, end }) => !(checkStart && isWordChar(charBefore(text, start))) && !(checkEnd && isWordChar(charAt(text, end))));
}

// Two code units hold any code point, so these stay cheap on long texts.
function charBefore(text: string, index: number): string | undefined {
  return Array.from(text.slice(Math.max(0, index - 2), index)).pop();
}

function charAt(text: string, index: number): string | undefined {
  return Array.from(text.slice(index, index + 2))[0];
}

/** Code-point index of a code-unit index (character boxes are kept per code point). */
export function codePointIndex(text: string, codeUnitIndex: number): number {
  return Array.from(text.slice(0, codeUnitIndex)).length;
}

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'this', 'that', 'from', 'are', 'was', 'were', 'has', 'have', 'not', 'you', 'your', 'our', 'its', 'all', 'any', 'per', 'into']);

/**
 * Distinct words of a text for vocabulary overlap: lower-case words of three letters or more, and
 * character pairs of CJK runs, which carry no spaces between words.
 */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const [token] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const chars = Array.from(token);
    if (UNSPACED_SCRIPT.test(chars[0]!)) chars.slice(1).forEach((ch, i) => words.add(chars[i]! + ch));
    else if (chars.length >= 3 && !STOP_WORDS.has(token)) words.add(token);
  }
  return words;
}
