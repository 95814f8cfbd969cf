// Matching of names and labels in recognised text: case-insensitive, full-width forms equal to their
// ASCII twins, and whole words where the term starts or ends with a letter or digit of a script that
// separates words (CJK text has no spaces).
import { fold } from '../../../shared/text/fold.js';

const WORD_CHAR = /[\p{L}\p{N}]/u;
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR.test(ch) && !UNSPACED_SCRIPT.test(ch);
}

function isCjk(ch: string | undefined): boolean {
  return ch !== undefined && UNSPACED_SCRIPT.test(ch);
}

export interface TermMatch {
  /** Code-unit indexes into the searched text. */
  start: number;
  end: number;
}

interface Needle {
  pattern: RegExp;
  /** The needle's first word up to a point, lower case: a haystack without it cannot match (checked before the regex). */
  head: string;
  checkStart: boolean;
  checkEnd: boolean;
}

const WORD_GAP = '[\\s.·]*';
// A form spreads a short Chinese label over its box ("名　　称", "校 验 码", "合　　计"): spacing between two of its characters.
const SPREAD_CJK = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;
const CJK_SPREAD = '\\s*';
// A scan also sets spaces around a point ("a .G .", "a . G ." for "a.G."); a term's last point takes none after it.
const [INNER_DOT, LAST_DOT] = ['\\s*\\.\\s*', '\\s*\\.'];

// Labels and segment texts repeat across fields, lines and files: both are prepared once. The caches
// are bounded; clearing one only costs recomputation.
const CACHE_LIMIT = 20_000;
const needles = new Map<string, Needle | undefined>();
const haystacks = new Map<string, { folded: string; lower: string }>();

/** The cached value for a key, made once; a full cache starts over (clearing one only costs recomputation). */
export function remember<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined && !cache.has(key)) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value as V;
}

function needleOf(term: string): Needle | undefined {
  return remember(needles, term, () => {
    const folded = fold(term.trim());
    if (folded === '') return undefined;
    const chars = Array.from(folded);
    return {
      pattern: new RegExp(escapedPattern(folded).replace(/\s+/g, WORD_GAP).replace(/\\\.(?=.)/gu, INNER_DOT).replace(/\\\.$/u, LAST_DOT).replace(SPREAD_CJK, `$1${CJK_SPREAD}`), 'giu'),
      // A Chinese label may be spread over the width of its box: only its first character is sure to be printed whole.
      head: isCjk(chars[0]) ? chars[0]! : folded.split(/[\s.]/)[0]!.toLowerCase(),
      checkStart: isWordChar(chars[0]),
      checkEnd: isWordChar(chars[chars.length - 1]),
    };
  });
}

/**
 * Occurrences of a term. A space inside the term matches any spacing, none included, or a dot: OCR
 * drops spaces and reads the speckles of a scan between words as dots ("Invoice.number"); a point
 * may have spaces around it.
 */
export function findTerm(text: string, term: string): TermMatch[] {
  const needle = needleOf(term);
  if (!needle) return [];
  const haystack = text.length > 200 ? { folded: fold(text), lower: '' } : remember(haystacks, text, () => ({ folded: fold(text), lower: fold(text).toLowerCase() }));
  if (haystack.lower !== '' && !haystack.lower.includes(needle.head)) return [];
  const found: TermMatch[] = [];
  needle.pattern.lastIndex = 0;
  for (const m of haystack.folded.matchAll(needle.pattern)) {
    const [start, end] = [m.index, m.index + m[0].length];
    if (end > start && !(needle.checkStart && isWordChar(charBefore(haystack.folded, start))) && !(needle.checkEnd && isWordChar(charAt(haystack.folded, end)))) found.push({ start, end });
  }
  return found;
}

// A label this long (letters and digits, spacing aside) may be found with one character misread.
const MIN_FUZZY_LENGTH = 4;
const GAP_CHAR = /[\s.·]/u;

/**
 * Occurrences of a term with at most one character read wrong ("lnvoice number" for "Invoice
 * number"), spacing and dots ignored as in findTerm. For a field no exact label was found for: a
 * scan's OCR confuses I and l, 0 and O, 识 and 讠只.
 */
export function findTermLoosely(text: string, term: string): TermMatch[] {
  const needle = Array.from(fold(term).toLowerCase()).filter((ch) => !GAP_CHAR.test(ch));
  if (needle.length < MIN_FUZZY_LENGTH) return [];
  const folded = fold(text);
  const lower = folded.toLowerCase();
  const kept: { ch: string; at: number }[] = [];
  for (let at = 0; at < lower.length; at++) if (!GAP_CHAR.test(lower[at]!)) kept.push({ ch: lower[at]!, at });
  const checkStart = isWordChar(needle[0]);
  const checkEnd = isWordChar(needle[needle.length - 1]);
  const found: TermMatch[] = [];
  for (let i = 0; i + needle.length <= kept.length; i++) {
    let misses = 0;
    for (let k = 0; k < needle.length && misses <= 1; k++) if (kept[i + k]!.ch !== needle[k]) misses++;
    if (misses > 1) continue;
    const start = kept[i]!.at;
    const end = kept[i + needle.length - 1]!.at + 1;
    if (!(checkStart && isWordChar(charBefore(folded, start))) && !(checkEnd && isWordChar(charAt(folded, end)))) found.push({ start, end });
  }
  return found;
}

// Two code units hold any code point, so these stay cheap on long texts.
function charBefore(text: string, index: number): string | undefined {
  return Array.from(text.slice(Math.max(0, index - 2), index)).pop();
}

function charAt(text: string, index: number): string | undefined {
  return Array.from(text.slice(index, index + 2))[0];
}

/** A text that a regular expression matches as printed: its special characters escaped. */
export function escapedPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** Code-point index of a code-unit index (character boxes are kept per code point). */
export function codePointIndex(text: string, codeUnitIndex: number): number {
  return Array.from(text.slice(0, codeUnitIndex)).length;
}

/** A text as findTerm compares it, gaps aside (spacing and the dots a scan puts between words): a term whose key is not in a text's key cannot be found in it. */
export function termKey(text: string): string {
  return fold(text).toLowerCase().replace(/[\s.·]+/gu, '');
}

/** The same text compared loosely: folded, lower case, spacing ignored. */
export function looseKey(text: string): string {
  return fold(text).toLowerCase().replace(/\s+/g, '');
}

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'this', 'that', 'from', 'are', 'was', 'were', 'has', 'have', 'not', 'you', 'your', 'our', 'its', 'all', 'any', 'per', 'into']);

/**
 * Distinct words of a text for vocabulary overlap: lower-case words of three letters or more, and
 * character pairs of CJK runs, which carry no spaces between words. Numbers are left out: the
 * amounts and dates of one sample say nothing about the next document.
 */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const [token] of fold(text).toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const chars = Array.from(token);
    for (const run of cjkRuns(chars)) run.slice(1).forEach((ch, i) => words.add(run[i]! + ch));
    const latin = chars.filter((ch) => !isCjk(ch)).join('');
    if (latin.length >= 3 && !/\d/.test(latin) && !STOP_WORDS.has(latin) && latin === token) words.add(latin);
  }
  return words;
}

function cjkRuns(chars: readonly string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const ch of chars) {
    if (isCjk(ch)) run.push(ch);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The word is in the text, as findTerm matches a label: case and full-width forms aside, whole words where the script spaces them. */
export function hasWord(text: string, word: string): boolean {
  return findTerm(text, word).length > 0;
}
