import { CheckEvalError } from './check-eval-error.js';
import { readClerkDate, type DayNumber } from './clerk-date.js';
import { readClerkNumber } from './clerk-number.js';
import { decimalText, type Decimal } from './decimal.js';
import { dayText } from './clerk-date.js';
import { kindOf, type Value } from './values.js';

// Conversions an operator or function asks for. `what` quotes the expression for the error message.

export function asNumber(value: Value, what: string): Decimal {
  if (value.type === 'number') return value.value;
  if (value.type === 'text' && !value.lines) {
    const reading = readClerkNumber(value.text);
    if (reading.ok) return reading.value;
    throw new CheckEvalError(`${what} is "${value.text}", which cannot be read as a number: ${reading.reason}`);
  }
  throw new CheckEvalError(`${what} is ${kindOf(value)}, not a number${hint(value)}`);
}

export function asDate(value: Value, what: string): DayNumber {
  if (value.type === 'date') return value.day;
  if (value.type === 'text' && !value.lines) {
    const reading = readClerkDate(value.text);
    if (reading.ok) return reading.day;
    throw new CheckEvalError(`${what} is "${value.text}", which cannot be read as a date: ${reading.reason}`);
  }
  throw new CheckEvalError(`${what} is ${kindOf(value)}, not a date${hint(value)}`);
}

/** Empty reads as '' so that a clerk can test for it; a list has no single text. */
export function asText(value: Value, what: string): string {
  switch (value.type) {
    case 'empty':
      return '';
    case 'text':
      return value.text;
    case 'number':
      return decimalText(value.value);
    case 'date':
      return dayText(value.day);
    case 'bool':
      return String(value.value);
    case 'list':
      throw new CheckEvalError(`${what} is ${kindOf(value)}, not one text${hint(value)}`);
  }
}

export function asBool(value: Value, what: string): boolean {
  if (value.type === 'bool') return value.value;
  throw new CheckEvalError(`${what} is ${kindOf(value)}, not a yes/no test; compare it with something (=, <, contains, is empty)`);
}

export function asWholeNumber(value: Value, what: string): number {
  const n = asNumber(value, what);
  const [whole, fraction = ''] = decimalText(n).split('.');
  if (/[1-9]/u.test(fraction) || Math.abs(Number(whole)) > 1_000_000) throw new CheckEvalError(`${what} must be a whole number of reasonable size, not ${decimalText(n)}`);
  return Number(whole);
}

function hint(value: Value): string {
  if (value.type === 'empty') return '';
  return value.type === 'list' ? '; use sum(), count(), min(), max() or avg() on a column' : '';
}
