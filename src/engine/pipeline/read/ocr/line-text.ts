import { INKED } from './line-ink.js';
import type { Guess } from './ctc-decode.js';
import type { LineReading } from './recognize-text.js';
import { quadSlice, type Quad } from './quad.js';

/** A line segment's characters, one box per character in page coordinates, and what else each might be (none for a restored space). */
export type SegmentText = { chars: string[]; boxes: Quad[]; guesses: Guess[][] };

/**
 * Word spaces are ink-free gaps much wider than the gaps between letters of the same line: at
 * least `median` times the line's median gap and `minimum` of the text height (`fallback` when the
 * line has fewer than `medianOf` gaps: in a word or two, one wide letter gap is no space). Chinese characters keep wide gaps of their own, so between
 * them only a gap of `cjk` text heights is a space, and between parts of a number one of `number`.
 */
export const SPACE_GAP = { median: 2.2, medianOf: 8, minimum: 0.2, fallback: 0.35, cjk: 0.5, number: 0.5 } as const;

/** Digits keep a fixed advance however narrow their glyph ("1"), so inside numbers only a wide gap is a space. */
const NUMBER_PART = /[0-9.,\-/%]/;

type Read = { char: string; center: number; spaceBefore: boolean; guesses: Guess[] };

/**
 * Restores the spaces PP-OCR's recognizer drops between words, from the ink-free gaps of the line
 * image between the frames where two characters were read, and gives every character a box: from
 * gap to gap, or at the faintest column when glyphs touch.
 */
export function segmentText(reading: LineReading, quad: Quad): SegmentText {
  const { crop } = reading;
  const read: Read[] = widenBrackets(
    reading.chars.map((char, i) => ({ char, center: reading.centers[i]!, spaceBefore: reading.chars[i - 1] === ' ', guesses: reading.guesses[i] ?? [] })).filter((c) => c.char !== ' '),
  );
  if (read.length === 0) return { chars: [], boxes: [], guesses: [] };
  const { ink } = reading;
  const { textHeight } = ink;
  const cut = (x: number): [number, number] => [x, x];
  const gaps = read.slice(1).map((next, i) => widestGap(ink.columns, read[i]!.center, next.center) ?? cut(faintestColumn(ink.columns, read[i]!.center, next.center)));
  const spaced = spaceDecisions(read, gaps, textHeight);
  const chars: string[] = [];
  const guesses: Guess[][] = [];
  const spans: [number, number][] = [];
  let start = firstInk(ink.columns, 0, read[0]!.center) ?? Math.max(0, read[0]!.center - textHeight / 2);
  read.forEach((current, i) => {
    const [end, nextStart] = gaps[i] ?? [lastInk(ink.columns, current.center, crop.width) ?? Math.min(crop.width, current.center + textHeight / 2), 0];
    chars.push(current.char);
    guesses.push(current.guesses);
    spans.push([start, end]);
    if (spaced[i]) {
      chars.push(' ');
      guesses.push([]);
      spans.push([end, nextStart]);
    }
    start = nextStart;
  });
  return { chars, guesses, boxes: spans.map(([from, to]) => quadSlice(quad, from / crop.width, Math.max(from + 1, to) / crop.width)) };
}

/** Whether a space follows each character but the last. */
function spaceDecisions(read: readonly Read[], gaps: readonly [number, number][], textHeight: number): boolean[] {
  const width = ([a, b]: [number, number]) => b - a;
  const latin = gaps.filter((_, i) => !isWide(read[i]!.char) && !isWide(read[i + 1]!.char)).map(width).sort((a, b) => a - b);
  const latinThreshold = latin.length >= SPACE_GAP.medianOf ? Math.max(SPACE_GAP.minimum * textHeight, SPACE_GAP.median * latin[Math.floor(latin.length / 2)]!) : SPACE_GAP.fallback * textHeight;
  return gaps.map((gap, i) => {
    const [left, right] = [read[i]!.char, read[i + 1]!.char];
    if (FULL_WIDTH_PUNCTUATION.test(left) || FULL_WIDTH_PUNCTUATION.test(right)) return false;
    if (read[i + 1]!.spaceBefore) return true;
    if (isWide(left) || isWide(right)) return width(gap) >= SPACE_GAP.cjk * textHeight;
    return width(gap) >= (NUMBER_PART.test(left) && NUMBER_PART.test(right) ? Math.max(latinThreshold, SPACE_GAP.number * textHeight) : latinThreshold);
  });
}

/** The recognizer reads Chinese brackets as ASCII ones: beside a Chinese character they are the full-width forms. */
function widenBrackets(read: Read[]): Read[] {
  return read.map((r, i) => {
    if (r.char === '(' && read[i + 1] && isWide(read[i + 1]!.char)) return { ...r, char: '（' };
    if (r.char === ')' && read[i - 1] && isWide(read[i - 1]!.char)) return { ...r, char: '）' };
    return r;
  });
}

/** Chinese characters and full-width forms, whose glyphs carry their own spacing. */
function isWide(char: string): boolean {
  return char.codePointAt(0)! >= 0x2e80;
}

/** Full-width punctuation is drawn with its own blank half: the gap beside it is no space. */
const FULL_WIDTH_PUNCTUATION = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u;

/** The widest run of ink-free columns strictly between two positions, as [start, end). */
function widestGap(columns: Uint16Array, from: number, to: number): [number, number] | undefined {
  let best: [number, number] | undefined;
  let runStart = -1;
  const [a, b] = [Math.ceil(from), Math.min(columns.length, Math.floor(to))];
  for (let x = a; x <= b; x++) {
    const empty = x < b && columns[x]! < INKED;
    if (empty && runStart < 0) runStart = x;
    if (!empty && runStart >= 0) {
      if (!best || x - runStart > best[1] - best[0]) best = [runStart, x];
      runStart = -1;
    }
  }
  return best;
}

function faintestColumn(columns: Uint16Array, from: number, to: number): number {
  let [best, bestInk] = [(from + to) / 2, Number.POSITIVE_INFINITY];
  for (let x = Math.ceil(from); x < Math.min(columns.length, to); x++) {
    if (columns[x]! < bestInk) [best, bestInk] = [x, columns[x]!];
  }
  return best;
}

/** Where the ink of the first character starts: the left end of the inked run ending at `center`. */
function firstInk(columns: Uint16Array, from: number, center: number): number | undefined {
  let x = Math.min(columns.length - 1, Math.floor(center));
  while (x > from && columns[x - 1]! >= INKED) x--;
  return columns[x]! >= INKED || x < center ? x : undefined;
}

function lastInk(columns: Uint16Array, center: number, to: number): number | undefined {
  let x = Math.max(0, Math.ceil(center));
  while (x < to - 1 && columns[x + 1]! >= INKED) x++;
  return x + 1 > center ? x + 1 : undefined;
}

