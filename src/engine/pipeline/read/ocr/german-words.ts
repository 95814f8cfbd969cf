import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { MIN_WORD, packedLexicon, type Lexicon } from './lexicon.js';

/** German words, by what the recognizer makes of them: it reads ä, ö, ü and ß as a, o, u (or i) and B. */
export type GermanWords = {
  /** Words printed without umlaut or ß (ASCII, lower case). */
  plain: Lexicon;
  /**
   * The word with umlauts or ß whose reading without them is `key` (see umlautKey); undefined when
   * none, or more than one. A reading that is an English word ("muller", "blatter") is given only as
   * a compound's part (`part`): alone it may be the English word.
   */
  accented(key: string, part: boolean): string | undefined;
  /** The one word with umlauts that reads as a plain word (`saure`: "säure", `schon`: "schön"), for when the recognizer half-saw its marks. */
  twin(plain: string): string | undefined;
};

// The German lists of zxcvbn-ts (MIT): words by frequency on Wikipedia and in subtitles; surnames and
// first names. Names only give accented words ("Müller", "Jürgen"): as plain words, "Blatter" would keep "Trennblatter" from being "Trennblätter".
const WORD_LISTS = ['wikipedia', 'commonWords'] as const;
const NAME_LISTS = ['lastnames', 'firstnames'] as const;

const LOOK_ALIKE: Readonly<Record<string, string>> = { ä: 'a', ö: 'o', ü: 'u', ß: 'b' };

/** A word as the recognizer reads it: each umlaut its plain vowel, ß a b ("Straße" is "strabe"). */
export function umlautKey(word: string): string {
  return word.toLowerCase().replace(/[äöüß]/gu, (c) => LOOK_ALIKE[c]!);
}

export async function loadGermanWords(english: Lexicon): Promise<GermanWords> {
  const require = createRequire(import.meta.url);
  const read = async (names: readonly string[]) => (await Promise.all(names.map(async (name) => JSON.parse(await readFile(require.resolve(`@zxcvbn-ts/language-de/src/${name}.json`), 'utf8')) as string[]))).flat();
  return germanWords(await read(WORD_LISTS), english, await read(NAME_LISTS));
}

/**
 * A word with umlauts is only put in the place of its plain reading when that reading is no word of
 * its own: "schon" stays "schon" (not "schön"), "Hohe" stays, "Munchen" is "München". Such a
 * reading's twin with marks is kept apart, for a reading where the recognizer half-saw them.
 */
export function germanWords(words: readonly string[], english: Lexicon, names: readonly string[] = []): GermanWords {
  const lower = (list: readonly string[]) => [...new Set(list.map((w) => w.toLowerCase()).filter((w) => w.length >= MIN_WORD && /^\p{L}+$/u.test(w)))];
  const plain = packedLexicon(new TextEncoder().encode(lower(words).filter((w) => /^[a-z]+$/u.test(w)).join('\n')));
  const [accented, twins] = [new Map<string, string | null>(), new Map<string, string | null>()];
  const one = (map: Map<string, string | null>, key: string, word: string) => map.set(key, map.has(key) && map.get(key) !== word ? null : word);
  for (const word of lower([...words, ...names])) {
    if (!/[äöüß]/u.test(word)) continue;
    const key = umlautKey(word);
    one(plain.has(key) ? twins : accented, key, word);
  }
  return {
    plain,
    accented: (key, part) => (part || !english.has(key) ? (accented.get(key) ?? undefined) : undefined),
    twin: (word) => twins.get(word) ?? undefined,
  };
}
