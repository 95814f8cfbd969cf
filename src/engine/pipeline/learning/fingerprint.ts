import { rowText, type VisualRow } from '../layout/segments.js';
import { wordsOf } from '../document/text-match.js';
import type { Fingerprint } from './learning-schema.js';
import { misreadAlike, wordOverlap } from './word-overlap.js';

// The issuer block: a merchant's name, address and registration lines sit in the first rows.
const HEAD_ROWS = 8;
// The head says most about who printed the document; the label words of the rest, where it prints what.
const HEAD_WEIGHT = 0.6;

/** The words of a document that stay put from one document of a layout to the next (numbers left out: they are values). */
export function fingerprintOf(rows: readonly VisualRow[][]): Fingerprint {
  const first = rows[0] ?? [];
  const words = (from: number, to: number) => first.slice(from, to).flatMap((row) => [...wordsOf(rowText(row))]);
  const middle = HEAD_ROWS + Math.ceil((first.length - HEAD_ROWS) / 2);
  return {
    head: distinct(words(0, HEAD_ROWS)),
    labels: distinct([...words(HEAD_ROWS, middle).map((w) => `T:${w}`), ...words(middle, first.length).map((w) => `B:${w}`)]),
  };
}

/** How alike two layouts are, 0 to 1: word overlap (Dice) of the heads and of the label words. */
export function layoutSimilarity(a: Fingerprint, b: Fingerprint): number {
  // Two pages without words share nothing that could be called a layout.
  return HEAD_WEIGHT * wordOverlap(a.head, b.head, 0, misreadAlike) + (1 - HEAD_WEIGHT) * wordOverlap(a.labels, b.labels, 0, misreadAlike);
}

const distinct = (words: readonly string[]) => [...new Set(words)];
