import type { Segment } from '../layout/segments.js';
import type { PhraseOwner } from './phrase-role.js';

/** A date or an amount printed on the page, and whose label it sits under. */
export interface TypedValue {
  kind: 'date' | 'amount';
  value: string;
  /** The date (ISO) or the amount as a number. */
  parsed: string | number;
  /** An amount printed with its decimals: a bare integer is as often a count, a code or a misread amount. */
  decimals: boolean;
  /** An amount read across a space after its decimal comma ("21, 30"): trusted once the breakdown adds it up. */
  spacedDecimals?: boolean;
  segment: Segment;
  owner: PhraseOwner;
  /** The label is on the row above (a header grid), not on the value's own row. */
  labelAbove: boolean;
  order: number;
  row: number;
  /** Where the value ends in its row's text (segments joined by a space). */
  endInRow: number;
  /** It stands on one of the two rows under a rounding adjustment. */
  afterRounding: boolean;
  /** The row's text before the value: its label, or the sentence it is printed in. */
  phrase: string;
}
