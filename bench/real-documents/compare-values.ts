import { findAmounts, findDates } from '../../src/engine/pipeline/fields/value-parsers.js';
import { cellNumber } from '../../src/engine/pipeline/tables/cell-number.js';
import type { ReceiptKeys } from './sroie-set.js';

/** How a clerk compares a kind of value. */
export type ValueKind = 'text' | 'date' | 'amount' | 'country' | 'currency';

export const RECEIPT_KINDS: Record<keyof ReceiptKeys, ValueKind> = { company: 'text', address: 'text', date: 'date', total: 'amount' };

/**
 * A found value against the clerk's, compared as the set's README says: company and address ignoring
 * case, spaces and punctuation; the date as a calendar date; the total as a number.
 */
export function sameValue(field: keyof ReceiptKeys, truth: string, found: string): boolean {
  return sameAs(RECEIPT_KINDS[field], truth, found);
}

/**
 * As a clerk compares: text ignoring case, spaces and punctuation; dates as calendar dates; amounts as
 * numbers with their sign ignored (a credit note prints them either way); a country by its code or
 * its name in a language of the desk; a currency by its code or its sign.
 */
export function sameAs(kind: ValueKind, truth: string, found: string): boolean {
  switch (kind) {
    case 'date':
      return dateOf(truth) !== undefined && dateOf(truth) === dateOf(found);
    case 'amount':
      return numberOf(truth) !== undefined && numberOf(truth) === numberOf(found);
    case 'country':
      return namesOf(truth, countryNames).includes(textKey(found));
    case 'currency':
      return namesOf(truth, currencySigns).includes(textKey(found) || found.trim());
    case 'text':
      return textKey(truth) !== '' && textKey(truth) === textKey(found);
  }
}

/** Case, spacing and punctuation aside: what a clerk reads as the same name or address. */
export function textKey(text: string): string {
  return text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function dateOf(text: string): string | undefined {
  return findDates(text)[0]?.iso;
}

// A unit price or quantity may print four decimals ("86,5500"), which no amount pattern takes: the
// table's own cell reading gives its number.
function numberOf(text: string): number | undefined {
  const value = findAmounts(text)[0]?.value ?? cellNumber(text);
  return value === undefined ? undefined : Math.abs(Math.round(value * 100));
}

const DESK_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'zh', 'ja'];

const countryNames = (code: string) => DESK_LANGUAGES.map((language) => new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code);

const currencySigns = (code: string) =>
  (['symbol', 'narrowSymbol'] as const).map((currencyDisplay) => new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay }).formatToParts(0).find((p) => p.type === 'currency')!.value);

/** The code itself and its other names, as text keys (a sign stays as printed: it has no letters). */
function namesOf(code: string, others: (code: string) => string[]): string[] {
  if (code.trim() === '') return [];
  return [code, ...others(code.trim().toUpperCase())].map((name) => textKey(name) || name);
}

/** The clerk's value is in the OCR text at all (the ceiling reading leaves to extraction): as text, a date or a number. */
export function readable(field: keyof ReceiptKeys, truth: string, ocrText: string): boolean {
  if (field === 'date') return findDates(ocrText).some((d) => d.iso === dateOf(truth));
  if (field === 'total') return findAmounts(ocrText).some((a) => Math.abs(Math.round(a.value * 100)) === numberOf(truth));
  return textKey(ocrText).includes(textKey(truth));
}
