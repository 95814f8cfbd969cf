import type { Candidate } from '../fields/candidate.js';
import type { TypedValue } from '../fields/typed-candidates.js';
import { findAmounts } from '../fields/value-parsers.js';
import type { VisualRow } from '../layout/segments.js';
import type { FieldMemory, ValuePlace } from './learning-schema.js';
import type { Recalled } from './recall-text.js';
import { spotOfTyped } from './spots.js';
import { placeOf } from './value-place.js';
import { wordOverlap } from './word-overlap.js';

// What makes a date or an amount the one remembered: the words of its row (its label and fixed
// neighbours) most, then the row above, its row counted from the nearer edge, its rank on the row, its column.
const WEIGHT = { row: 0.5, above: 0.15, rowDistance: 0.2, rank: 0.1, column: 0.05 } as const;
// Rows off before the place counts for nothing.
const ROW_TOLERANCE = 6;
// A value scoring under this is not the remembered one.
const MIN_SCORE = 0.7;
// A remembered place outranks the page's labels (0.92), not amounts that add up (0.94) nor a total
// printed under a rounding adjustment (0.95): documents of the layout without one taught a place above it.
// A place learned from a value printed twice (a total equal to the cash paid) is a guess: it votes only
// when no sure place does, and answers below the page's own labelled amounts, above its guesses.
const TYPED_RECALL_CONFIDENCE = { sure: 0.935, guessed: 0.9 } as const;

/**
 * A date or an amount at a remembered place: each remembered place picks the page's value of the
 * same kind that sits most like it; the value most places pick wins, with how many picked it.
 */
export function recallTyped(rows: readonly VisualRow[][], typed: readonly TypedValue[], memories: readonly FieldMemory[]): Recalled | undefined {
  const votes = new Map<TypedValue, { support: number; sure: number }>();
  for (const memory of memories) {
    const { place } = memory;
    if (!place) continue;
    let best: { value: TypedValue; score: number } | undefined;
    for (const value of typed.filter((v) => v.kind === memory.kind && sameShape(memory, v))) {
      const score = likeness(place, placeOf(rows, spotOfTyped(value, typed)));
      if (score >= MIN_SCORE && (!best || score > best.score)) best = { value, score };
    }
    if (!best) continue;
    const held = votes.get(best.value) ?? { support: 0, sure: 0 };
    votes.set(best.value, { support: held.support + 1, sure: held.sure + (memory.ambiguous ? 0 : 1) });
  }
  const [value, vote] = [...votes].sort((a, b) => b[1].sure - a[1].sure || b[1].support - a[1].support || a[0].order - b[0].order)[0] ?? [];
  if (!value || !vote) return undefined;
  const confidence = vote.sure > 0 ? TYPED_RECALL_CONFIDENCE.sure : TYPED_RECALL_CONFIDENCE.guessed;
  const candidate: Candidate = { value: value.value, page: value.segment.page, boxes: value.segment.boxes, confidence, labelLength: 0, order: value.order };
  return { candidate, support: vote.support };
}

/** An amount remembered with its decimals is not found again as a bare integer (a count, a code). */
function sameShape(memory: FieldMemory, value: TypedValue): boolean {
  return memory.kind !== 'amount' || (findAmounts(memory.value)[0]?.decimals ?? false) === value.decimals;
}

function likeness(remembered: ValuePlace, here: ValuePlace): number {
  const rowsOff = Math.min(Math.abs(remembered.rowFromTop - here.rowFromTop), Math.abs(remembered.rowFromBottom - here.rowFromBottom));
  return (
    WEIGHT.row * wordOverlap(remembered.row, here.row, 1) +
    WEIGHT.above * wordOverlap(remembered.above, here.above, 1) +
    WEIGHT.rowDistance * Math.max(0, 1 - rowsOff / ROW_TOLERANCE) +
    WEIGHT.rank * (remembered.rankFromRight === here.rankFromRight ? 1 : 0) +
    WEIGHT.column * Math.max(0, 1 - Math.abs(remembered.x - here.x) * 2)
  );
}
