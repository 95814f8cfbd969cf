import type { Candidate } from '../fields/candidate.js';
import type { TypedValue } from '../fields/typed-value.js';
import { findAmounts } from '../fields/value-parsers.js';
import type { VisualRow } from '../layout/segments.js';
import type { FieldMemory, ValuePlace } from './learning-schema.js';
import type { Recalled } from './recall-text.js';
import { spotOfTyped, typedKey } from './spots.js';
import { placeOf } from './value-place.js';
import { misreadAlike, wordOverlap } from './word-overlap.js';

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
// when no sure place does, and answers below the page's own labelled amounts, above its guesses; unless
// most of its places, two or more, pick one value again (sure); three or more of them agreeing (the total,
// the cash paid and the tax summary) outrank amounts that add up (a discount under the items).
const TYPED_RECALL_CONFIDENCE = { printedAgain: 0.945, sure: 0.935, guessed: 0.9 } as const;
// Places of one remembered value that agree on the page's value before it outranks amounts that add up.
const PRINTED_AGAIN = 3;

/**
 * A date or an amount at a remembered place: each remembered place picks the page's value of the
 * same kind that sits most like it; the value most places pick wins, with how many picked it.
 */
export function recallTyped(rows: readonly VisualRow[][], typed: readonly TypedValue[], memories: readonly FieldMemory[]): Recalled | undefined {
  const votes = new Map<TypedValue, { support: number; sure: number; places: number }>();
  for (const memory of memories) {
    const vote = voteOf(rows, typed, memory);
    if (!vote) continue;
    const held = votes.get(vote.value) ?? { support: 0, sure: 0, places: 0 };
    votes.set(vote.value, { support: held.support + 1, sure: held.sure + (vote.sure ? 1 : 0), places: Math.max(held.places, vote.sure ? vote.places : 0) });
  }
  const [value, vote] = [...votes].sort((a, b) => b[1].sure - a[1].sure || b[1].support - a[1].support || a[0].order - b[0].order)[0] ?? [];
  if (!value || !vote) return undefined;
  const confidence = vote.places >= PRINTED_AGAIN ? TYPED_RECALL_CONFIDENCE.printedAgain : vote.sure > 0 ? TYPED_RECALL_CONFIDENCE.sure : TYPED_RECALL_CONFIDENCE.guessed;
  const candidate: Candidate = { value: value.value, page: value.segment.page, boxes: value.segment.boxes, confidence, labelLength: 0, order: value.order };
  return { candidate, support: vote.support };
}

/**
 * The page's value one remembered document votes for. A value it printed once votes surely from its
 * place. One it printed several times votes from each of its places: the value most of them pick (the
 * place the clerk confirmed first on a tie), surely when most of its places, two or more, agree (the
 * page prints its total in the same places again: as the cash paid, in the tax summary).
 */
function voteOf(rows: readonly VisualRow[][], typed: readonly TypedValue[], memory: FieldMemory): { value: TypedValue; sure: boolean; places: number } | undefined {
  if (!memory.place) return undefined;
  const places = [memory.place, ...(memory.alsoAt ?? [])];
  const shaped = typed.filter((v) => v.kind === memory.kind && sameShape(memory, v));
  const picks = places.map((place) => bestAt(rows, typed, shaped, place));
  // Places agree on a value, not on one printing of it: the page prints its total as the cash paid too.
  const counts = new Map<string, number>();
  for (const pick of picks) if (pick) counts.set(typedKey(pick), (counts.get(typedKey(pick)) ?? 0) + 1);
  const [key, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  const value = picks.find((pick) => pick && typedKey(pick) === key);
  if (!value || !count) return undefined;
  return { value, sure: !memory.ambiguous || (count >= 2 && 2 * count > places.length), places: count };
}

/** The page's value that sits most like a remembered place, if any is like enough. */
function bestAt(rows: readonly VisualRow[][], typed: readonly TypedValue[], shaped: readonly TypedValue[], place: ValuePlace): TypedValue | undefined {
  let best: { value: TypedValue; score: number } | undefined;
  for (const value of shaped) {
    const score = likeness(place, placeOf(rows, spotOfTyped(value, typed)));
    if (score >= MIN_SCORE && (!best || score > best.score)) best = { value, score };
  }
  return best?.value;
}

/** An amount remembered with its decimals is not found again as a bare integer (a count, a code). */
function sameShape(memory: FieldMemory, value: TypedValue): boolean {
  return memory.kind !== 'amount' || (findAmounts(memory.value)[0]?.decimals ?? false) === value.decimals;
}

function likeness(remembered: ValuePlace, here: ValuePlace): number {
  const rowsOff = Math.min(Math.abs(remembered.rowFromTop - here.rowFromTop), Math.abs(remembered.rowFromBottom - here.rowFromBottom));
  return (
    WEIGHT.row * wordOverlap(remembered.row, here.row, 1, misreadAlike) +
    WEIGHT.above * wordOverlap(remembered.above, here.above, 1, misreadAlike) +
    WEIGHT.rowDistance * Math.max(0, 1 - rowsOff / ROW_TOLERANCE) +
    WEIGHT.rank * (remembered.rankFromRight === here.rankFromRight ? 1 : 0) +
    WEIGHT.column * Math.max(0, 1 - Math.abs(remembered.x - here.x) * 2)
  );
}
