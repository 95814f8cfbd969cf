import type { VisualRow } from '../layout/segments.js';
import { readingOrder, type Candidate } from './candidate.js';
import { segmentCandidate } from './segment-candidate.js';

// The company's legal lines (register, VAT number, bank) are printed in the bottom part of the page.
const FOOTER_SHARE = 0.2;
// A VAT number after its label, anywhere in a footer line: "VAT No. GB 294 7716 05", "USt-IdNr. DE287114903", "TVA intracommunautaire FR58512345678".
const VAT_ID = /(?:vat\s*(?:reg\.?\s*)?(?:no\.?|number|id)|ust[.\s-]*id[.\s-]*(?:nr\.?)?|umsatzsteuer-?id(?:entifikationsnummer)?|tva(?:\s+intracommunautaire)?|n°\s*tva|p\.?\s*iva|partita\s+iva|btw(?:-?nummer)?|nif|cif)\s*[:.]?\s*([A-Z]{2}[\s]?(?:[0-9A-Z][\s]?){7,13}[0-9A-Z])(?![0-9A-Za-z])/giu;

const MIN_DIGITS = 6;

/** How sure a VAT number of the footer is the seller's: its label says it is a VAT number, the footer whose it is. */
export const FOOTER_CONFIDENCE = 0.9;

/** The seller's VAT numbers printed in the legal footer of its pages. */
export function footerTaxIds(rows: readonly VisualRow[][]): Candidate[] {
  return rows.flatMap((pageRows, p) => {
    const bottom = Math.max(0, ...pageRows.map((r) => r.bottom));
    const top = Math.min(...pageRows.map((r) => r.top));
    const from = bottom - FOOTER_SHARE * (bottom - top);
    return pageRows.flatMap((row, r) => (row.top < from ? [] : row.segments.flatMap((segment, s) => [...segment.text.matchAll(VAT_ID)].flatMap((m) => {
      if ((m[1]!.match(/\d/gu)?.length ?? 0) < MIN_DIGITS) return [];
      const start = m.index + m[0].length - m[1]!.length;
      const found = segmentCandidate(segment, start, m.index + m[0].length, readingOrder(p, r, s), FOOTER_CONFIDENCE);
      return found ? [found] : [];
    }))));
  });
}
