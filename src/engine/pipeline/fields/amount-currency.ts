import { CURRENCY_PATTERN, ISO_OF_MARK } from '../document/currency-marks.js';
import type { Segment, VisualRow } from '../layout/segments.js';
import { addressParts } from './postal-address.js';
import { readingOrder, type Candidate } from './candidate.js';
import { segmentCandidate } from './segment-candidate.js';

// The currency the amounts are printed in, where no label names it: sure when only one appears, not sure enough to go unchecked.
const OF_AMOUNTS = 0.8;


// A mark beside a figure ("70,00 EUR", "€ 12.50") or heading a column of them ("Gesamt/€", "Betrag EUR"): letters as a whole word.
const MARK = new RegExp(`(?<![\\p{L}])(${CURRENCY_PATTERN})(?![\\p{L}])`, 'gu');

// An address's line holds no currency: "00184 Roma (RM)" names Rome's province, not the ringgit.
const isPostcodeLine = (segment: Segment, row: number) => addressParts([{ segment, row, text: segment.text, from: 0 }]).parts.postcode !== undefined;
// Only a segment that prints a mark is read as an address: most segments print none.
const marksIn = (segment: Segment, row: number) => {
  const marks = [...segment.text.matchAll(MARK)];
  return marks.length > 0 && isPostcodeLine(segment, row) ? [] : marks;
};

/** The one currency the page's marks name, as a candidate at its first mark; none when they name two or more. */
export function amountCurrency(rows: readonly VisualRow[][]): Candidate[] {
  const marks = rows.flatMap((pageRows, p) =>
    pageRows.flatMap((row, r) =>
      row.segments.flatMap((segment, s) =>
        marksIn(segment, r).flatMap((m) => {
          const code = ISO_OF_MARK[m[1]!] ?? m[1]!.toUpperCase();
          const at = segmentCandidate(segment, m.index, m.index + m[1]!.length, readingOrder(p, r, s), OF_AMOUNTS);
          // The mark is printed in the amount's own text: the amount's field takes the same letters.
          return at ? [{ ...at, value: code, shared: true }] : [];
        }),
      ),
    ),
  );
  return new Set(marks.map((m) => m.value)).size === 1 ? [marks[0]!] : [];
}
