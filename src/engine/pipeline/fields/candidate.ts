import type { Box } from '../layout/segments.js';

/** A text on the page that may be a field's value, with how sure the evidence makes it. */
export interface Candidate {
  value: string;
  page: number;
  boxes: Box[];
  confidence: number;
  /** Length of the label that led to it (0 when found by its place or shape): a longer label is more specific. */
  labelLength: number;
  /** Reading order: page, row, segment. */
  order: number;
  /** Another field may answer with the same printed text: the total is also the amount due when nothing is deducted. */
  shared?: boolean;
}

export function readingOrder(page: number, row: number, segment: number): number {
  return (page * 10_000 + row) * 100 + segment;
}
