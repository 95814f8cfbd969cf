import type { VisualRow } from '../layout/segments.js';
import { readingOrder, type Candidate } from './candidate.js';
import { PAYMENT_TERM_WORDS, UNTIL_WORDS } from '../words/role-vocabulary.js';
import { dateAt } from './segment-candidate.js';
import { alternatives } from '../words/word-pattern.js';

// A term's date is less sure than a labelled due date ("Fälligkeitsdatum" over its date), which wins where both are printed.
export const TERM_CONFIDENCE = 0.8;

// "Zahlbar innerhalb 30 Tagen netto bis 04.04.2013, 3% Skonto innerhalb 10 Tagen bis 15.03.2013": the first date is the term's.
const TERM = new RegExp(String.raw`^[^\p{L}]*(?:${alternatives(PAYMENT_TERM_WORDS)})(?!\p{L})[^.;!?]*?(?<!\p{L})(?:${alternatives(UNTIL_WORDS)})(?:\s+(?=\d)|\s*$)`, 'iu');

/** The due date a payment term states: the first term in reading order, its first date after "bis", "by", "avant le". */
export function paymentTermDueDate(rows: readonly VisualRow[][]): Candidate | undefined {
  for (const [p, pageRows] of rows.entries()) {
    for (const [r, row] of pageRows.entries()) {
      for (const [s, segment] of row.segments.entries()) {
        const m = TERM.exec(segment.text);
        if (!m) continue;
        // The date may stand in a column of its own: "Zahlbar ohne Abschlag bis" | "20.11.2018".
        const next = row.segments[s + 1];
        const date = m[0].length === segment.text.trimEnd().length ? next && dateAt(next, 0, readingOrder(p, r, s + 1), TERM_CONFIDENCE) : dateAt(segment, m.index + m[0].length, readingOrder(p, r, s), TERM_CONFIDENCE);
        if (date) return date;
      }
    }
  }
  return undefined;
}
