import { sliceSegment, type Segment } from './segments.js';

const PUNCTUATION = /^[.·:：,，;；、]$/u;

export type Edges = { start: boolean; end: boolean };
const BOTH: Edges = { start: true, end: true };

/**
 * The part of a value worth keeping, as code-point indexes: scan speckles read as punctuation at its
 * edges go ("：91320102…", "…XU40..", "13%."). A single dot after a letter stays ("Co., Ltd.").
 */
export function keptRange(chars: readonly string[], edges: Edges = BOTH): [number, number] {
  let start = 0;
  const end = chars.length;
  while (edges.start && start < end && (PUNCTUATION.test(chars[start]!) || chars[start]!.trim() === '')) start++;
  if (!edges.end) return [start, end];
  let cut = end;
  while (cut > start && (PUNCTUATION.test(chars[cut - 1]!) || chars[cut - 1]!.trim() === '')) cut--;
  const run = chars.slice(cut, end).join('').trim();
  const before = chars[cut - 1] ?? '';
  // An abbreviation's full stop follows a letter of a spaced script; after a Chinese character a dot is a speck.
  const keepDot = run === '.' && /\p{L}/u.test(before) && !/\p{Script=Han}/u.test(before);
  return [start, keepDot ? cut + 1 : cut];
}

/** A segment without the punctuation noise at its edges (or at one of them); undefined when nothing is left. */
export function withoutEdgeNoise(segment: Segment, edges: Edges = BOTH): Segment | undefined {
  const [start, end] = keptRange(Array.from(segment.text), edges);
  return sliceSegment(segment, start, end);
}
