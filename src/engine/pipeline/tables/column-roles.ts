import type { FieldSpec } from '../document/field-spec.js';
import type { ColumnRole } from '../words/column-role.js';
import { COLUMN_HEADS } from '../words/role-vocabulary.js';

/** Columns whose cells are numbers: a row is anchored by them, a wrapped line never fills them twice. */
export const NUMERIC_ROLES: ReadonlySet<ColumnRole> = new Set(['quantity', 'unit_price', 'discount', 'tax_rate', 'tax', 'line_amount']);

/** The text as header words are compared: lower case, accents and spacing and most punctuation aside. */
export function headerKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%#°º\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, '');
}

// A short word ("pos", "me", "ust", "#") names a column only as a whole word; a longer one also inside a compound ("Artikelbezeichnung").
const MIN_INNER_LENGTH = 4;

interface Word {
  role: ColumnRole;
  key: string;
}

// The column heads of every language (role-words/), once per key: a scan's spelling of a head has the same key.
const VOCABULARY: readonly Word[] = (Object.entries(COLUMN_HEADS) as [ColumnRole, readonly string[]][])
  .flatMap(([role, words]) => words.map((w) => ({ role, key: headerKey(w) })))
  .filter((w, i, all) => w.key !== '' && all.findIndex((o) => o.key === w.key) === i)
  .sort((a, b) => b.key.length - a.key.length);

/** A role word found in a text: its code-unit span in that text. */
export interface RoleMatch {
  role: ColumnRole;
  start: number;
  end: number;
  /** Key characters covered: a longer name is a surer one. */
  length: number;
}

/**
 * The role words of a text, longest first and not overlapping, in reading order. Of several inside one
 * word the last is the word's head ("Positionsbetrag" is an amount, "Basismenge" a quantity).
 */
export function rolesInText(text: string): RoleMatch[] {
  const { key, at, wordStarts, wordEnds } = keyed(text);
  const taken: RoleMatch[] = [];
  const used = new Array<boolean>(key.length).fill(false);
  for (const word of VOCABULARY) {
    for (let from = key.indexOf(word.key); from >= 0; from = key.indexOf(word.key, from + 1)) {
      const to = from + word.key.length;
      const whole = wordStarts.has(from) && wordEnds.has(to);
      if (word.key.length < MIN_INNER_LENGTH && !whole) continue;
      if (used.slice(from, to).some(Boolean)) continue;
      used.fill(true, from, to);
      taken.push({ role: word.role, start: at[from]!, end: at[to - 1]! + 1, length: word.key.length });
    }
  }
  const wordOf = (m: RoleMatch) => text.slice(0, m.start + 1).split(WORD_BREAK).length;
  return taken.sort((a, b) => a.start - b.start).filter((m, i, all) => all[i + 1] === undefined || wordOf(all[i + 1]!) !== wordOf(m));
}

const CAMEL = /^\p{Ll}\p{Lu}$/u;
const WORD_BREAK = /\s+|(?<=\p{Ll})(?=\p{Lu})/u;

/** The header key of a text with, per key character, its index in the text, and where its words begin and end. */
function keyed(text: string): { key: string; at: number[]; wordStarts: Set<number>; wordEnds: Set<number> } {
  let key = '';
  const at: number[] = [];
  const wordStarts = new Set<number>();
  const wordEnds = new Set<number>();
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const k = headerKey(text[i]!);
    if (k === '') {
      if (inWord) wordEnds.add(key.length);
      inWord = false;
      continue;
    }
    // A symbol or a CJK character is a word of its own; a capital after a small letter starts a word (two heads run together: "QtéPrix unitaire").
    const alone = /[%#°º\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(k);
    const camel = CAMEL.test(text.slice(i - 1, i + 1));
    if (inWord && camel) wordEnds.add(key.length);
    if (!inWord || alone || camel) wordStarts.add(key.length);
    if (inWord && alone) wordEnds.add(key.length);
    key += k;
    for (let c = 0; c < k.length; c++) at.push(i);
    inWord = !alone;
    if (alone) wordEnds.add(key.length);
  }
  wordEnds.add(key.length);
  return { key, at, wordStarts, wordEnds };
}

// The role word must be most of a column's name: "Customer reference" is not the item code column.
const MIN_NAME_SHARE = 0.6;

/** The role of a configured column: its identity first ("unit_price"), then its name and aliases; undefined when none names a role. */
export function roleOfColumn(spec: FieldSpec): ColumnRole | undefined {
  for (const text of [spec.identifier.replace(/_/gu, ' '), ...spec.labels.filter((l) => l.kind !== 'prompt').map((l) => l.text)]) {
    const matches = rolesInText(text);
    const best = [...matches].sort((a, b) => b.length - a.length)[0];
    if (best && best.length / Math.max(1, headerKey(text).length) >= MIN_NAME_SHARE) return best.role;
  }
  return undefined;
}
