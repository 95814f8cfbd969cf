import type { Label } from '../document/field-spec.js';
import type { Box } from '../layout/box.js';

/** The reader that proposed a candidate: one of the scorer's features (candidate-features.ts). */
export const CANDIDATE_SOURCES = ['label', 'typed', 'head', 'section', 'footer', 'vat-grid', 'title', 'term', 'currency', 'country', 'due-as-total', 'recall'] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];

/** A printed label may come from the field itself or from the standard labels of its role. */
export type LabelSource = Label['kind'] | 'role';

/** How the label reader reached a value: the scorer's evidence of the label (labelled-candidates.ts). */
export interface LabelReach {
  kind: LabelSource;
  /** A colon (or its like) between label and value. */
  colon: boolean;
  /** The label is not the first thing in its segment. */
  inside: boolean;
  /** The value follows the label in its segment, stands in a segment to its right, or below it. */
  place: 'after' | 'right' | 'below';
  /** Letters between the label and the value, left out as not of the value's kind ("Rechnung gemäß Bestellung Nr. 4711"). */
  skipped: number;
  /** The label was found only with one character read wrong. */
  loose: boolean;
}

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
  /** Set by the label reader. */
  reach?: LabelReach;
  /** Set by the typed-value reader: its label on the row above, an amount without decimals or read across a space after its comma ("21, 30"), a total under a rounding line. */
  typed?: { labelAbove: boolean; noDecimals: boolean; spacedDecimals: boolean; afterRounding: boolean };
  /** Set where the readers' candidates are gathered (extract-fields.ts). */
  source?: CandidateSource;
  /** The page's net + tax = total agrees with the amount or contradicts it; a total within cash rounding of the sum, or printed after it, may be the amount paid. */
  breakdown?: 'confirmed' | 'contradicted' | 'rounded' | 'after';
  /** The field's transforms did not fit the printed text. */
  misfit?: boolean;
}

export function readingOrder(page: number, row: number, segment: number): number {
  return (page * 10_000 + row) * 100 + segment;
}
