import { findAmounts, findDates } from '../fields/value-parsers.js';
import type { ValueKind } from './learning-schema.js';

// Letters and digits a date or an amount may carry beside it ("RM", "EUR", "Tue") and still be one.
const MAX_REST = 3;

/** A date or an amount changes from one document to the next and is found by its place; anything else by its wording. */
export function valueKindOf(value: string): ValueKind {
  const date = findDates(value)[0];
  if (date && restLength(value, date) <= MAX_REST) return 'date';
  const amount = findAmounts(value)[0];
  if (amount && restLength(value, amount) <= MAX_REST) return 'amount';
  return 'text';
}

function restLength(value: string, match: { start: number; end: number }): number {
  return (value.slice(0, match.start) + value.slice(match.end)).replace(/[^\p{L}\p{N}]/gu, '').length;
}

/** A saved date or amount as typedKey (spots.ts) keys the page's: the calendar day, the amount in cents. */
export function savedTypedKey(value: string, kind: Exclude<ValueKind, 'text'>): string | undefined {
  if (kind === 'date') return findDates(value)[0]?.iso;
  const amount = findAmounts(value)[0];
  return amount && String(Math.round(amount.value * 100));
}
