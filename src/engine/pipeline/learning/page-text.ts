import type { VisualRow } from '../layout/segments.js';
import type { Box } from '../layout/box.js';
import { fold } from '../../../shared/text/fold.js';

/** One letter or digit of the page, where it is printed. */
export interface PageChar {
  /** Upper case, folded (full-width forms as ASCII), look-alikes as one (O as 0, I and L as 1). */
  key: string;
  page: number;
  /** Index of its row on its page. */
  row: number;
  box: Box;
  /** The row's segment it belongs to, and its code-point index there. */
  segment: number;
  index: number;
}

/**
 * The letters and digits of the pages in reading order (rows top to bottom, segments left to right),
 * spacing and punctuation left out: a clerk's "No. 5, Jalan Besar" is the page's "NO 5 JALAN BESAR"
 * however the scan spaced it.
 */
export function pageChars(rows: readonly VisualRow[][]): PageChar[] {
  const chars: PageChar[] = [];
  rows.forEach((pageRows, page) =>
    pageRows.forEach((row, r) =>
      row.segments.forEach((segment, s) =>
        Array.from(segment.text).forEach((ch, i) => {
          const key = keyOf(ch);
          if (key !== '') chars.push({ key, page, row: r, box: segment.boxes[i]!, segment: s, index: i });
        }),
      ),
    ),
  );
  return chars;
}

/** A text as pageChars keys it: one key per letter or digit. */
export function charKeys(text: string): string[] {
  return keyedText(text).keys;
}

/** A text's keys (as charKeys) and where each one's character starts in the text. */
export function keyedText(text: string): { keys: string[]; offsets: number[] } {
  const [keys, offsets]: [string[], number[]] = [[], []];
  let offset = 0;
  for (const ch of text) {
    const key = keyOf(ch);
    if (key !== '') {
      keys.push(key);
      offsets.push(offset);
    }
    offset += ch.length;
  }
  return { keys, offsets };
}

// Letters and digits OCR takes for one another count as one: a remembered "JALAN 10" is the page's "JA1AN IO".
const LOOK_ALIKE: Readonly<Record<string, string>> = { O: '0', Q: '0', I: '1', L: '1', S: '5', B: '8', Z: '2', G: '6' };

function keyOf(ch: string): string {
  if (!/[\p{L}\p{N}]/u.test(ch)) return '';
  const upper = fold(ch).toUpperCase();
  // A letter whose upper case is two ("ß") stays as printed, so that keys stay one per character.
  if (Array.from(upper).length !== 1) return ch;
  return LOOK_ALIKE[upper] ?? upper;
}
