import type { Box } from './box.js';
import { middleY, sliceSegment, type Segment, type VisualRow } from './segment.js';

/** A capital standing alone at the edge of a segment (its character `at`), or as the whole segment: maybe one letter of a word set vertically. */
export type StackedLetter = { row: number; index: number; letter: string; box: Box; edge: 'alone' | 'start' | 'end'; at: number };

// Letters of one vertical word are stacked at most this many letter heights apart, centred within this share of a letter's width.
const [LETTER_PITCH, LETTER_ALIGN, MIN_STACK] = [1.8, 0.6, 3];
const CAPITAL = /^\p{Lu}$/u;
// A letter set vertically starts this share of its height below the one over it.
const STACK_STEP = 0.4;

/**
 * Words set vertically, one capital a row at one place across ("V E R K O P E R" down the side of a
 * block), top to bottom: the letters standing alone as segments of their own.
 */
export function letterStacks(pageRows: readonly VisualRow[]): StackedLetter[][] {
  return stacksOf(edgeLetters(pageRows).filter((l) => l.edge === 'alone'));
}

/**
 * The rows with each letter of a vertical word cut off the line it ran into (a text layer or a scan
 * joins the letter to the block's line beside it: "L Lieferant GmbH", "RE-2025-5919 S") and the rows
 * grouped again without the letters, whose boxes reach into the rows above and below and would join
 * them; each letter then stands in the row its middle is in, or in a row of letters of its own.
 */
export function withStackedLettersApart(pageRows: readonly VisualRow[], regroup: (segments: readonly Segment[]) => VisualRow[]): VisualRow[] {
  const stacked = stacksOf(edgeLetters(pageRows)).flat();
  if (stacked.length === 0) return [...pageRows];
  const letters: Segment[] = [];
  const others: Segment[] = [];
  pageRows.forEach((row, r) =>
    row.segments.forEach((segment, index) => {
      const own = stacked.filter((l) => l.row === r && l.index === index);
      if (own.length === 0) return void others.push(segment);
      const [cut, rest] = apart(segment, own);
      letters.push(...cut);
      if (rest) others.push(rest);
    }),
  );
  const rows = regroup(others);
  const rowOf = (letter: Segment) => rows.find((row) => row.top <= middleY(letter) && middleY(letter) <= row.bottom);
  const alone = letters.filter((letter) => !rowOf(letter));
  for (const letter of letters) rowOf(letter)?.segments.push(letter);
  for (const row of rows) row.segments.sort((a, b) => a.left - b.left);
  return [...rows, ...regroup(alone)].sort((a, b) => a.top - b.top);
}

/** The letters cut off a segment's edge, each a segment of its own, and the rest of it. */
function apart(segment: Segment, letters: readonly StackedLetter[]): [Segment[], Segment | undefined] {
  const cut = letters.flatMap((l) => sliceSegment(segment, l.at, l.at + 1) ?? []);
  if (letters[0]!.edge === 'alone') return [cut, undefined];
  const ats = letters.map((l) => l.at);
  const rest = letters[0]!.edge === 'start' ? sliceSegment(segment, Math.max(...ats) + 1, Array.from(segment.text).length) : sliceSegment(segment, 0, Math.min(...ats));
  return [cut, rest];
}

function edgeLetters(pageRows: readonly VisualRow[]): StackedLetter[] {
  return pageRows
    .flatMap((row, r) =>
      row.segments.flatMap((segment, index): StackedLetter[] => {
        const chars = Array.from(segment.text);
        const letter = (at: number, edge: StackedLetter['edge']): StackedLetter => ({ row: r, index, letter: chars[at]!, box: segment.boxes[at]!, edge, at });
        const start = edgeRun(chars, segment.boxes, 0, 1);
        if (start.length === chars.length) return start.map((at) => letter(at, 'alone'));
        if (start.length > 0 && chars[start.length]?.trim() === '') return start.map((at) => letter(at, 'start'));
        const end = edgeRun(chars, segment.boxes, chars.length - 1, -1);
        if (end.length > 0 && chars[chars.length - 1 - end.length]?.trim() === '') return end.map((at) => letter(at, 'end'));
        return [];
      }),
    )
    .sort((a, b) => a.box[1] - b.box[1]);
}

/**
 * The capitals at one end of a segment that may be letters of a vertical word: the one at the edge
 * ("L Lieferant GmbH"), and more only where each stands under the one before it, centred alike (a
 * small vertical word whose letters a text layer ran together: "UN Pappelallee 15").
 */
function edgeRun(chars: readonly string[], boxes: readonly Box[], from: number, step: 1 | -1): number[] {
  const run: number[] = [];
  for (let at = from; at >= 0 && at < chars.length && CAPITAL.test(chars[at]!); at += step) {
    const last = run[run.length - 1];
    if (last !== undefined && !stackedUnder(boxes[last]!, boxes[at]!)) return [];
    run.push(at);
  }
  return run;
}

/** Two letters one over the other, centred alike (either may come first in the text). */
function stackedUnder(a: Box, b: Box): boolean {
  const [width, height] = [Math.max(a[2] - a[0], b[2] - b[0]), Math.max(a[3] - a[1], b[3] - b[1])];
  return Math.abs(a[0] + a[2] - b[0] - b[2]) / 2 <= LETTER_ALIGN * width && Math.abs(a[1] - b[1]) >= STACK_STEP * height;
}

/** Chains of letters each under the last, centred alike, at most a letter pitch apart; only chains of MIN_STACK letters or more. */
function stacksOf(letters: readonly StackedLetter[]): StackedLetter[][] {
  const used = new Set<StackedLetter>();
  const stacks: StackedLetter[][] = [];
  for (const first of letters) {
    if (used.has(first)) continue;
    const chain = [first];
    for (const next of letters) {
      const last = chain[chain.length - 1]!;
      const [width, height] = [last.box[2] - last.box[0], last.box[3] - last.box[1]];
      const centred = Math.abs(next.box[0] + next.box[2] - last.box[0] - last.box[2]) / 2 <= LETTER_ALIGN * Math.max(width, height / 2);
      if (!used.has(next) && centred && next.box[1] > last.box[1] && next.box[1] - last.box[3] <= LETTER_PITCH * height) chain.push(next);
    }
    if (chain.length < MIN_STACK) continue;
    chain.forEach((l) => used.add(l));
    stacks.push(chain);
  }
  return stacks;
}
