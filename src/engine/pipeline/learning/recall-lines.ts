import { rowText, type VisualRow } from '../layout/segments.js';
import { editDistance } from './edit-distance.js';
import { fuzzyLocate } from './fuzzy-locate.js';
import type { FieldMemory } from './learning-schema.js';
import { charKeys, type PageChar } from './page-text.js';
import { rowWords } from './value-place.js';
import { wordOverlap } from './word-overlap.js';

// A remembered line is found when the page's differs from it by a misreading (8% of its letters and
// digits, at least one), or, for one line of a text at most, by up to a quarter of them (a garbled line
// of a scan; two lines that differ so are rather another address, a neighbour's in the same street).
const CLOSE_LINE_DISTANCE = 0.08;
const GARBLED_LINE_DISTANCE = 0.25;
// A text of one line is found garbled only when it is this long (a short one garbled is another word).
const MIN_GARBLED_LENGTH = 10;
// A row is another line, not the remembered one garbled, when the two differ by more than half the remembered one's letters and digits.
const OTHER_LINE_DISTANCE = 0.5;
// A row with a run of this many digits is a registration or a telephone number: no branch's name.
const ID_DIGITS = /\d{6}/u;
// The lines found sit together: on as many rows as the text has lines, give or take this many.
const ROW_SLACK = 1;
// And they begin within this many rows of where the remembered text began.
const PLACE_SLACK = 3;
// A row under the found lines is a branch's own line unless it is this much like the fixed row that followed the text.
const FIXED_ROW_OVERLAP = 0.5;

/** A remembered text found line by line: its value, the page's characters it stands at, and its edits. */
export interface LinesFound {
  value: string;
  chars: PageChar[];
  distance: number;
  /** The last line is the page's own (another branch's name under the chain's address). */
  branch: boolean;
}

/**
 * A remembered text whose whole is not found closely (a garbled line, lines printed in another order):
 * each line is looked for on its own. Found, all of them near one another at the remembered place,
 * one of them garbled at most, the value is the clerk's wording. Found but for the last, where the
 * page prints the last one garbled beyond finding (a row mostly like it), the value is the clerk's
 * wording too. Found but for the last, where the page prints a line of its own (not the fixed row that
 * followed the text), the value is the clerk's lines with the page's line: the same chain's address
 * with another branch's name.
 */
export function recallLines(rows: readonly VisualRow[][], chars: readonly PageChar[], keys: readonly string[], memory: FieldMemory): LinesFound | undefined {
  const lines = memory.lines ?? [];
  if (lines.length === 0) return undefined;
  const found = lines.map((line) => lineFound(chars, keys, line, lines.length));
  const lastKeys = charKeys(lines.at(-1)!);
  const above = found.slice(0, -1);
  if (above.some((f) => f === undefined)) return undefined;
  const own = above as LineAt[];
  const together = (f: readonly LineAt[]) => placedTogether(f, lines.length, memory.place?.rowFromTop);
  const last = ownLast(chars, found.at(-1), lastKeys, lines.length);
  const all = last ? [...own, last] : [];
  if (last && all.filter((f) => f.garbled).length <= 1 && together(all)) return { value: memory.value, chars: all.flatMap((f) => f.chars), distance: sum(all), branch: false };
  if (own.length === 0 || own.some((f) => f.garbled) || !together(own)) return undefined;
  const next = rowUnder(rows, chars, own, memory.below ?? []);
  if (!next) return undefined;
  const at = [...own.flatMap((f) => f.chars), ...next.chars];
  if (garbledLine(lastKeys, next.chars.map((c) => c.key))) return { value: memory.value, chars: at, distance: sum(own) + lastKeys.length, branch: false };
  return { value: `${lines.slice(0, -1).join(' ')} ${next.text}`, chars: at, distance: sum(own), branch: true };
}

/**
 * The last line as found, unless it was found garbled in a row that as a whole reads otherwise: that is
 * another branch's line sharing a word with it ("CAWANGAN SERI SINAR" for "CAWANGAN IJOK").
 */
function ownLast(chars: readonly PageChar[], last: LineAt | undefined, lastKeys: readonly string[], lines: number): LineAt | undefined {
  if (!last || lines === 1 || !last.garbled) return last;
  const { page, row } = last.chars[0]!;
  return garbledLine(lastKeys, chars.filter((c) => c.page === page && c.row === row).map((c) => c.key)) ? last : undefined;
}

/** The row under the lines found, unless it is the fixed row that followed the text or holds a registration or telephone number. */
function rowUnder(rows: readonly VisualRow[][], chars: readonly PageChar[], above: readonly LineAt[], below: readonly string[]): { text: string; chars: PageChar[] } | undefined {
  const { page } = above[0]!.chars[0]!;
  const row = Math.max(...above.flatMap((f) => f.chars.map((c) => c.row))) + 1;
  const printed = rows[page]?.[row];
  const rowChars = chars.filter((c) => c.page === page && c.row === row);
  if (!printed || rowChars.length === 0 || ID_DIGITS.test(rowText(printed)) || wordOverlap(below, rowWords(rows, page, row), 0) >= FIXED_ROW_OVERLAP) return undefined;
  return { text: rowText(printed).trim(), chars: rowChars };
}

interface LineAt {
  chars: PageChar[];
  distance: number;
  garbled: boolean;
}

function lineFound(chars: readonly PageChar[], keys: readonly string[], line: string, lines: number): LineAt | undefined {
  const wanted = charKeys(line);
  const match = fuzzyLocate(wanted, keys);
  if (!match) return undefined;
  const garbled = match.distance > Math.max(1, Math.floor(wanted.length * CLOSE_LINE_DISTANCE));
  const mayBeGarbled = lines > 1 || wanted.length >= MIN_GARBLED_LENGTH;
  if (garbled && (!mayBeGarbled || match.distance > Math.floor(wanted.length * GARBLED_LINE_DISTANCE))) return undefined;
  return { chars: chars.slice(match.start, match.end), distance: match.distance, garbled };
}

/** The lines found are on one page, on about as many rows as there are lines, near the remembered place. */
function placedTogether(found: readonly LineAt[], lines: number, rowFromTop: number | undefined): boolean {
  const all = found.flatMap((f) => f.chars);
  if (all.length === 0 || all.some((c) => c.page !== all[0]!.page)) return false;
  const rowsOf = all.map((c) => c.row);
  const [first, last] = [Math.min(...rowsOf), Math.max(...rowsOf)];
  return last - first + 1 <= lines + ROW_SLACK && (rowFromTop === undefined || Math.abs(first - rowFromTop) <= PLACE_SLACK);
}

/**
 * A printed row is the remembered line garbled rather than another line: the two differ as wholes by
 * at most half the remembered line's letters and digits, or the row, cut short, is mostly found in the line.
 */
function garbledLine(remembered: readonly string[], printed: readonly string[]): boolean {
  const cutShort = printed.length < remembered.length && (fuzzyLocate(printed, remembered)?.distance ?? 0) <= printed.length * OTHER_LINE_DISTANCE;
  return cutShort || editDistance(remembered, printed) <= remembered.length * OTHER_LINE_DISTANCE;
}

const sum = (found: readonly LineAt[]) => found.reduce((total, f) => total + f.distance, 0);
