import type { Box } from '../layout/box.js';

/** The reader that proposed a candidate: one of the scorer's features (candidate-features.ts). */
export const CANDIDATE_SOURCES = ['label', 'typed', 'head', 'section', 'footer', 'vat-grid', 'title', 'term', 'currency', 'country', 'due-as-total', 'recall'] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];

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
  /** Set where the readers' candidates are gathered (extract-fields.ts). */
  source?: CandidateSource;
  /** The page's net + tax = total agrees with the amount, or contradicts it. */
  breakdown?: 'confirmed' | 'contradicted';
  /** The field's transforms did not fit the printed text. */
  misfit?: boolean;
}

export function readingOrder(page: number, row: number, segment: number): number {
  return (page * 10_000 + row) * 100 + segment;
}
