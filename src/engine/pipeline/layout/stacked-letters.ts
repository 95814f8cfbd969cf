import type { Box } from './box.js';
import { middleY, sliceSegment, type Segment, type VisualRow } from './segment.js';

/** A capital standing alone at the edge of a segment, or as the whole segment: maybe one letter of a word set vertically. */
export type StackedLetter = { row: number; index: number; letter: string; box: Box; edge: 'alone' | 'start' | 'end' };

// Letters of one vertical word are stacked at most this many letter heights apart, centred within this share of a letter's width.
const [LETTER_PITCH, LETTER_ALIGN, MIN_STACK] = [1.8, 0.6, 3];
const [ALONE, AT_START, AT_END] = [/^\p{Lu}$/u, /^\p{Lu}\s/u, /\s\p{Lu}$/u];

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
      const letter = stacked.find((l) => l.row === r && l.index === index);
      if (!letter) return void others.push(segment);
      const [own, rest] = apart(segment, letter.edge);
      if (own) letters.push(own);
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

/** The letter and the rest of its segment. */
function apart(segment: Segment, edge: StackedLetter['edge']): [Segment | undefined, Segment | undefined] {
  const length = Array.from(segment.text).length;
  if (edge === 'alone') return [segment, undefined];
  return edge === 'start' ? [sliceSegment(segment, 0, 1), sliceSegment(segment, 1, length)] : [sliceSegment(segment, length - 1, length), sliceSegment(segment, 0, length - 1)];
}

function edgeLetters(pageRows: readonly VisualRow[]): StackedLetter[] {
  return pageRows
    .flatMap((row, r) =>
      row.segments.flatMap((segment, index): StackedLetter[] => {
        const chars = Array.from(segment.text);
        if (ALONE.test(segment.text)) return [{ row: r, index, letter: segment.text, box: segment.boxes[0]!, edge: 'alone' }];
        if (AT_START.test(segment.text)) return [{ row: r, index, letter: chars[0]!, box: segment.boxes[0]!, edge: 'start' }];
        if (AT_END.test(segment.text)) return [{ row: r, index, letter: chars.at(-1)!, box: segment.boxes.at(-1)!, edge: 'end' }];
        return [];
      }),
    )
    .sort((a, b) => a.box[1] - b.box[1]);
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
