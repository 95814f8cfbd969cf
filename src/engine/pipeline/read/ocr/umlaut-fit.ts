import type { Guess } from './ctc-decode.js';
import { umlautKey, type GermanWords } from './german-words.js';
import { MIN_WORD, type Lexicon } from './lexicon.js';
import { runsOf } from './word-fit.js';

// Plain words this long that make up a reading keep it plain.
const VETO_PART = 5;
// A compound's first part may be no listed word ("Trenn-") when what follows is read as this many letters or more; shorter ends are too often some word by chance.
const [MIN_PREFIX, LONG_HEAD] = [3, 6];
/**
 * How likely an umlaut must have been, where the recognizer read its plain vowel, for a word that is
 * itself a plain word to be read with its marks: "Zitronensaure" with ä at 0.04 beside the a is
 * "Zitronensäure". Without such a guess, the plain word stands ("schon", "Wahrung").
 */
export const SEEN_MARK_P = 0.02;

/** A word's twin with marks, when the recognizer half-saw each of them from `at` on (undefined otherwise). */
type SeenTwin = (plain: string, at: number) => string | undefined;

/**
 * The recognizer's character set has no ö or ß, and it almost never reads ä or ü (einvoice-dev's
 * scans: 40 of 1,250 such words came back right): "Munchen", "StraBe", "Fruhstick". A word neither
 * list knows gets its umlauts back when one German word reads so, a compound part by part from its
 * end ("KundenstraBe" is "Kunden" + "straße"). Same length in and out: every character keeps its box.
 */
export function fitUmlauts(chars: readonly string[], guesses: readonly (readonly Guess[])[], german: GermanWords, english: Lexicon, inGerman: boolean): string[] {
  const fitted = [...chars];
  const runs = letterRuns(chars);
  runs.forEach(([start, end], i) => {
    if (splitFromNeighbour(chars, runs[i - 1], [start, end], german, english) || splitFromNeighbour(chars, [start, end], runs[i + 1], german, english)) return;
    const read = chars.slice(start, end);
    const word = umlautWord(read, seenTwin(read, guesses.slice(start, end), german), german, english, inGerman);
    word?.forEach((char, at) => (fitted[start + at] = char));
  });
  return fitted;
}

// Runs of letters with a Latin one among them: the lists hold Latin words only, so a run of Chinese has nothing to fit (and is most of a Chinese page).
const letterRuns = (chars: readonly string[]) => runsOf(chars, (c) => /^\p{L}$/u.test(c)).filter(([start, end]) => chars.slice(start, end).some((c) => /\p{Script=Latin}/u.test(c)));

/**
 * Whether a page's words are more often German only than English only: there an English look-alike
 * is a German word read without its marks ("Kunstrasen" ... "grin 3m breit" is "grün").
 */
export function mostlyGerman(lines: readonly (readonly string[])[], german: GermanWords, english: Lexicon): boolean {
  const words = lines.flatMap((chars) => letterRuns(chars).map((run) => chars.slice(...run).join('').toLowerCase()));
  const plainGerman = (w: string) => german.plain.has(w) || compoundReading(w, (p) => (german.plain.has(p) ? p : undefined)) !== undefined;
  // Each word votes once: +1 German only, -1 English only.
  const vote = words.reduce((sum, w) => sum + Math.sign(Number(plainGerman(w)) - Number(english.has(w))), 0);
  return vote > 0;
}

/** Two runs one space apart that make a known word together are one word the recognizer split ("Beschre ibung"): neither is a word of its own. */
function splitFromNeighbour(chars: readonly string[], before: readonly [number, number] | undefined, after: readonly [number, number] | undefined, german: GermanWords, english: Lexicon): boolean {
  if (!before || !after || after[0] - before[1] !== 1 || chars[before[1]] !== ' ') return false;
  const joined = [...chars.slice(...before), ...chars.slice(...after)].join('').toLowerCase();
  return german.plain.has(joined) || english.has(joined);
}

/**
 * The twin of a plain word when, at each place where it has a mark, the recognizer gave that umlaut
 * a fair chance (a ß where it read a capital B or F inside small letters).
 */
function seenTwin(read: readonly string[], guesses: readonly (readonly Guess[])[], german: GermanWords): SeenTwin {
  return (plain, at) => {
    const twin = german.twin(plain);
    const seen = (char: string, i: number) => (char === 'ß' ? sharpS(read, at + i) : (guesses[at + i] ?? []).some((g) => g.char.toLowerCase() === char && g.p >= SEEN_MARK_P));
    return twin !== undefined && Array.from(twin).every((char, i) => char === plain[i] || seen(char, i)) ? twin : undefined;
  };
}

function umlautWord(read: readonly string[], twinSeen: SeenTwin, german: GermanWords, english: Lexicon, inGerman: boolean): string[] | undefined {
  const lower = read.join('').toLowerCase();
  if (read.length < MIN_WORD) return undefined;
  if (german.plain.has(lower)) return withWord(read, twinSeen(lower, 0));
  if (english.has(lower) && !inGerman) return undefined;
  const key = readingKey(read);
  const word = compoundReading(key, (part, at) => partReading(part, german, inGerman || part.length < key.length, (p) => twinSeen(p, at))) ?? headReading(key, german);
  // A mark the recognizer did read stays ("Zitronensäure" is no "Zitronen" + "saure"), and a B or F taken for ß is one ("GruFe" is no "Grube").
  const fits = (w: string) => Array.from(w).every((c, i) => (!/[äöüß]/u.test(lower[i]!) || c === lower[i]) && (!sharpS(read, i) || c === 'ß'));
  return word === undefined || word === lower || !fits(word) ? undefined : withWord(read, word);
}

const withWord = (read: readonly string[], word: string | undefined) => (word === undefined ? undefined : cased(read, Array.from(word)));

/** A compound whose first part no list holds ("trenn" + "blätter"): read by an accented last word of LONG_HEAD letters or more (an s after it allowed). */
function headReading(key: string, german: GermanWords): string | undefined {
  for (let start = MIN_PREFIX; start <= key.length - LONG_HEAD; start++) {
    const end = key.endsWith('s') && !german.plain.has(key.slice(start)) ? key.length - 1 : key.length;
    const head = key.slice(start, end);
    // A head is read from the word lists alone: a plain one stays plain, whatever marks the recognizer half-saw.
    const word = head.length >= LONG_HEAD ? partReading(head, german, true, () => undefined) : undefined;
    if (word !== undefined && word !== head) return key.slice(0, start) + word + key.slice(end);
  }
  return undefined;
}

/** The read word as a key: its letters as umlautKey reads them, a capital B or F inside small letters taken for the ß it was ("StraBe", "StraFe"). */
function readingKey(read: readonly string[]): string {
  return umlautKey(read.map((c, i) => (sharpS(read, i) ? 'ß' : c)).join(''));
}

const sharpS = (read: readonly string[], i: number) => /^[BF]$/u.test(read[i]!) && /^\p{Ll}$/u.test(read[i - 1] ?? '');

/**
 * A part as printed: a plain word as read, else the accented word that reads so, unless plain words
 * of some length make it up ("umweltschaden" is "umwelt" + "schaden", not "Umweltschäden"; short
 * ones are too many: "ubergabe" is no "uber" + "gabe"). A compound's part may read as an English word
 * ("muller" in "Mullermann").
 */
function partReading(part: string, german: GermanWords, ofCompound: boolean, twinSeen: (plain: string) => string | undefined): string | undefined {
  if (german.plain.has(part)) return twinSeen(part) ?? part;
  const accented = accentedReading(part, german, ofCompound);
  const plainParts = (p: string) => (p.length >= VETO_PART && german.plain.has(p) ? p : undefined);
  return accented !== undefined && compoundReading(part, plainParts) === undefined ? accented : undefined;
}

/** The accented word that reads as `key`, an i read for its ü too ("fruhstick" is "frühstück"). */
function accentedReading(key: string, german: GermanWords, ofCompound: boolean): string | undefined {
  const word = german.accented(key, ofCompound);
  if (word !== undefined) return word;
  for (let at = key.indexOf('i'); at >= 0; at = key.indexOf('i', at + 1)) {
    const withU = german.accented(`${key.slice(0, at)}u${key.slice(at + 1)}`, ofCompound);
    if (withU?.[at] === 'ü') return withU;
  }
  return undefined;
}

/**
 * `key` read as a whole made of known parts, each maybe with an s after it (linking, or a genitive),
 * the longest last part first: "kundenstrabe" is "kunden" + "straße". Undefined when no such reading covers it all.
 */
function compoundReading(key: string, partOf: (part: string, at: number) => string | undefined): string | undefined {
  const readings = new Map<number, string | undefined>([[0, '']]);
  const upTo = (end: number): string | undefined => {
    if (!readings.has(end)) readings.set(end, lastParts(end));
    return readings.get(end);
  };
  const lastParts = (end: number): string | undefined => {
    for (const linked of key[end - 1] === 's' ? ['', 's'] : ['']) {
      const partEnd = end - linked.length;
      for (let start = 0; start <= partEnd - MIN_WORD; start++) {
        const part = partOf(key.slice(start, partEnd), start);
        const before = part === undefined ? undefined : upTo(start);
        if (before !== undefined) return before + part + linked;
      }
    }
    return undefined;
  };
  return upTo(key.length);
}

/** The word in the read word's case: an umlaut a capital where its plain letter was one; ß has no capital of one letter. */
function cased(read: readonly string[], word: readonly string[]): string[] {
  return word.map((char, i) => {
    const was = read[i]!;
    if (char === was.toLowerCase()) return was;
    return char !== 'ß' && was === was.toUpperCase() ? char.toUpperCase() : char;
  });
}
