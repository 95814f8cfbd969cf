import { findAmounts, findDates } from '../../src/engine/pipeline/fields/value-parsers.js';
import type { ReceiptKeys } from './sroie-set.js';

/**
 * A found value against the clerk's, compared as the set's README says: company and address ignoring
 * case, spaces and punctuation; the date as a calendar date; the total as a number.
 */
export function sameValue(field: keyof ReceiptKeys, truth: string, found: string): boolean {
  if (field === 'date') return dateOf(truth) !== undefined && dateOf(truth) === dateOf(found);
  if (field === 'total') return numberOf(truth) !== undefined && numberOf(truth) === numberOf(found);
  return textKey(truth) !== '' && textKey(truth) === textKey(found);
}

/** Case, spacing and punctuation aside: what a clerk reads as the same name or address. */
export function textKey(text: string): string {
  return text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function dateOf(text: string): string | undefined {
  return findDates(text)[0]?.iso;
}

function numberOf(text: string): number | undefined {
  const amount = findAmounts(text)[0];
  return amount && Math.round(amount.value * 100);
}

/** The clerk's value is in the OCR text at all (the ceiling reading leaves to extraction): as text, a date or a number. */
export function readable(field: keyof ReceiptKeys, truth: string, ocrText: string): boolean {
  if (field === 'date') return findDates(ocrText).some((d) => d.iso === dateOf(truth));
  if (field === 'total') return findAmounts(ocrText).some((a) => Math.round(a.value * 100) === numberOf(truth));
  return textKey(ocrText).includes(textKey(truth));
}
