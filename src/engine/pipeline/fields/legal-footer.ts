import type { VisualRow } from '../layout/segments.js';
import { escapedPattern } from '../document/text-match.js';
import { PARTY_ROW_LABELS } from '../words/role-vocabulary.js';
import { printedVatIds } from '../words/vat-id.js';
import { readingOrder, type Candidate } from './candidate.js';
import { segmentCandidate } from './segment-candidate.js';

// The company's legal lines (register, VAT number, bank) are printed in the bottom part of the page.
const FOOTER_SHARE = 0.2;
// A tax-id label just before it, its spaces, points and dashes as printed ("VAT No.", "USt.-IdNr.:", "TVA intracommunautaire").
const loose = (label: string) => Array.from(label.replace(/[\s.\-_]/gu, '')).map(escapedPattern).join('[\\s.\\-_]*');
const LABEL_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${PARTY_ROW_LABELS.tax_id.map(loose).join('|')})[\\s.:：-]*$`, 'iu');

const MIN_DIGITS = 6;

/** How sure a VAT number of the footer is the seller's: its label says it is a VAT number, the footer whose it is. */
export const FOOTER_CONFIDENCE = 0.9;

/** The seller's VAT numbers printed in the legal footer of its pages: a VAT id after its label, anywhere in a footer line. */
export function footerTaxIds(rows: readonly VisualRow[][]): Candidate[] {
  return rows.flatMap((pageRows, p) => {
    const bottom = Math.max(0, ...pageRows.map((r) => r.bottom));
    const top = Math.min(...pageRows.map((r) => r.top));
    const from = bottom - FOOTER_SHARE * (bottom - top);
    return pageRows.flatMap((row, r) => (row.top < from ? [] : row.segments.flatMap((segment, s) => printedVatIds(segment.text).flatMap((printed) => {
      if ((printed.id.match(/\d/gu)?.length ?? 0) < MIN_DIGITS || !LABEL_BEFORE.test(segment.text.slice(0, printed.start))) return [];
      const found = segmentCandidate(segment, printed.start, printed.end, readingOrder(p, r, s), FOOTER_CONFIDENCE);
      return found ? [found] : [];
    }))));
  });
}
