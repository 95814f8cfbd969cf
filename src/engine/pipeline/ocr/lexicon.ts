import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Known words, lower case: what a misread word may be fitted to. */
export type Lexicon = ReadonlySet<string>;

/**
 * English words (the `word-list` package, about 274,000 of them). The recognizer's dictionary is
 * characters only; a word list is what lets it tell "TRAINEE" from "IRAINEE" when both glyphs were
 * close calls.
 */
export async function loadLexicon(): Promise<Lexicon> {
  const path = join(dirname(createRequire(import.meta.url).resolve('word-list')), 'words.txt');
  const words = (await readFile(path, 'utf8')).split('\n').filter((w) => w.length >= MIN_WORD);
  return new Set(words);
}

/**
 * Shorter words are not fitted: too many short strings are some word, and short names and
 * abbreviations are what a document's parties are made of ("SDN" would become "SON", "JLN" "JIN",
 * "TEO" "TED": measured on the development receipts, each lost a company or an address).
 */
export const MIN_WORD = 4;

