import type { Box } from './box.js';
import { sliceSegment, type Segment, type VisualRow } from './segment.js';

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
 * The rows with each letter of a vertical word cut off the line it ran into: a text layer or a scan
 * joins the letter to the block's line beside it ("L Lieferant GmbH", "RE-2025-5919 S").
 */
export function withStackedLettersApart(pageRows: readonly VisualRow[]): VisualRow[] {
  const joined = stacksOf(edgeLetters(pageRows)).flat().filter((l) => l.edge !== 'alone');
  if (joined.length === 0) return [...pageRows];
  return pageRows.map((row, r) => {
    const own = joined.filter((l) => l.row === r);
    if (own.length === 0) return row;
    const segments = row.segments.flatMap((segment, index) => {
      const letter = own.find((l) => l.index === index);
      return letter ? apart(segment, letter.edge) : [segment];
    });
    return { ...row, segments: segments.sort((a, b) => a.left - b.left) };
  });
}

function apart(segment: Segment, edge: StackedLetter['edge']): Segment[] {
  const length = Array.from(segment.text).length;
  const pieces = edge === 'start' ? [sliceSegment(segment, 0, 1), sliceSegment(segment, 1, length)] : [sliceSegment(segment, 0, length - 1), sliceSegment(segment, length - 1, length)];
  return pieces.flatMap((p) => p ?? []);
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
