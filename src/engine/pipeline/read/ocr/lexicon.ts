import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Known words, lower case: what a misread word may be fitted to. */
export type Lexicon = Pick<ReadonlySet<string>, 'has'>;

/**
 * Shorter words are not fitted: too many short strings are some word, and short names and
 * abbreviations are what a document's parties are made of ("SDN" would become "SON", "JLN" "JIN",
 * "TEO" "TED": measured on the development receipts, each lost a company or an address).
 */
export const MIN_WORD = 4;

/**
 * English words (the `word-list` package, about 274,000 of them). The recognizer's dictionary is
 * characters only; a word list is what lets it tell "TRAINEE" from "IRAINEE" when both glyphs were
 * close calls.
 */
export async function loadLexicon(): Promise<Lexicon> {
  const path = join(dirname(createRequire(import.meta.url).resolve('word-list')), 'words.txt');
  return packedLexicon(new Uint8Array(await readFile(path)));
}

/**
 * The words of a list (one per line, ASCII) of MIN_WORD letters or more, kept as the list's own bytes
 * with a hash table of where each word starts: off the V8 heap. As a Set of strings, every full
 * collection of a page worker marked 270,000 strings (measured: 9.8 -> 19.4 ms a collection, and a
 * worker makes several a page).
 */
export function packedLexicon(text: Uint8Array): Lexicon {
  const words = wordSpans(text);
  const slots = new Int32Array(tableSize(words.count));
  for (let w = 0; w < words.count; w++) {
    const start = words.starts[w]!;
    let slot = fnv1a(words.ends[w]! - start, (i) => text[start + i]!) & (slots.length - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (slots.length - 1);
    slots[slot] = w + 1;
  }
  const matches = (w: number, word: string) => {
    const [start, end] = [words.starts[w]!, words.ends[w]!];
    if (end - start !== word.length) return false;
    for (let i = 0; i < word.length; i++) if (text[start + i] !== word.charCodeAt(i)) return false;
    return true;
  };
  return {
    has(word: string): boolean {
      if (word.length < MIN_WORD) return false;
      for (let slot = fnv1a(word.length, (i) => word.charCodeAt(i)) & (slots.length - 1); slots[slot] !== 0; slot = (slot + 1) & (slots.length - 1)) {
        if (matches(slots[slot]! - 1, word)) return true;
      }
      return false;
    },
  };
}

const NEWLINE = 0x0a;
const RETURN = 0x0d;

/** Where each line of MIN_WORD characters or more starts and ends (a trailing \r left out). */
function wordSpans(text: Uint8Array): { count: number; starts: Int32Array; ends: Int32Array } {
  // Counted with indexOf (native), not a callback per byte: this runs as every page worker starts.
  let lines = 1;
  for (let at = text.indexOf(NEWLINE); at >= 0; at = text.indexOf(NEWLINE, at + 1)) lines++;
  const [starts, ends] = [new Int32Array(lines), new Int32Array(lines)];
  let count = 0;
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf(NEWLINE, start);
    if (end < 0) end = text.length;
    const wordEnd = end > start && text[end - 1] === RETURN ? end - 1 : end;
    if (wordEnd - start >= MIN_WORD) {
      starts[count] = start;
      ends[count] = wordEnd;
      count++;
    }
    start = end + 1;
  }
  return { count, starts, ends };
}

/** A power of two at least twice the words: short probe runs. */
function tableSize(count: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(2, count * 2)));
}

// FNV-1a over the characters' codes: a word's bytes in the list and the same word as text hash alike
// (the list is ASCII; a word with other characters is never in it).
const FNV = { offset: 0x811c9dc5, prime: 0x01000193 } as const;

function fnv1a(length: number, codeAt: (i: number) => number): number {
  let hash: number = FNV.offset;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ codeAt(i), FNV.prime);
  return hash >>> 0;
}
