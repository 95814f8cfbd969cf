import { decimalOf, divide, negate, type Decimal } from './decimal.js';

export type NumberReading = { ok: true; value: Decimal } | { ok: false; reason: string };

// Currency marks a clerk or an invoice writes around an amount (after NFKC, so ￥ is ¥).
const CURRENCY_PREFIX = /^(?:¥|\$|€|£|CNY|RMB|USD|EUR|HKD|GBP|JPY)\s*/iu;
const CURRENCY_SUFFIX = /\s*(?:元整|圆整|元|圆|整|CNY|RMB|USD|EUR|HKD|GBP|JPY)$/iu;
/** Spaces that group digits: plain, no-break, thin, narrow no-break. */
const GROUP_SPACE = /(?<=\d)[ \u00a0\u2009\u202f](?=\d)/gu;

/**
 * Reads a number as clerks and invoices write it (docs/review-rules.md, "Numbers"):
 * currency marks and digit-grouping spaces are dropped; with both '.' and ',' the later one is the
 * decimal mark; commas alone group thousands when every comma is followed by exactly three digits
 * ("1,234" is 1234), otherwise a single comma is a decimal comma ("1 234,50" is 1234.50);
 * a single '.' is a decimal point, several group thousands; a trailing '%' divides by 100;
 * a leading '-' or parentheses make it negative.
 */
export function readClerkNumber(raw: string): NumberReading {
  let text = raw.normalize('NFKC').trim().replace(/\u2212/gu, '-');
  if (text === '') return { ok: false, reason: 'it is empty' };
  let negative = false;
  const parenthesized = /^\((.*)\)$/u.exec(text);
  if (parenthesized) [negative, text] = [true, parenthesized[1]!.trim()];
  const percent = text.endsWith('%');
  if (percent) text = text.slice(0, -1).trim();
  const signed = /^([+-])\s*(.*)$/u.exec(text.replace(CURRENCY_PREFIX, ''));
  if (signed) [negative, text] = [negative !== (signed[1] === '-'), signed[2]!];
  text = text.replace(CURRENCY_PREFIX, '').replace(CURRENCY_SUFFIX, '').replace(GROUP_SPACE, '');
  const plain = ungroup(text);
  if (plain === undefined) return { ok: false, reason: `'${raw.trim()}' is not a number` };
  let value = decimalOf(plain);
  if (percent) value = divide(value, decimalOf('100'));
  return { ok: true, value: negative ? negate(value) : value };
}

const GROUPED: Readonly<Record<string, RegExp>> = { ',': /^\d{1,3}(?:,\d{3})+$/u, '.': /^\d{1,3}(?:\.\d{3})+$/u };

/** Digits with one '.' decimal point at most, or undefined when the separators make no number. */
function ungroup(text: string): string | undefined {
  if (!/^[\d.,]*\d[\d.,]*$/u.test(text)) return undefined;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const [group, mark] = lastDot > lastComma ? [',', '.'] : ['.', ','];
    const at = Math.max(lastDot, lastComma);
    return joined(text.slice(0, at), group, text.slice(at + 1), mark);
  }
  const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : '';
  if (separator === '') return text;
  const count = text.split(separator).length - 1;
  if (GROUPED[separator]!.test(text) && (separator === ',' || count > 1)) return text.split(separator).join('');
  if (count > 1) return undefined;
  const [whole, fraction] = text.split(separator) as [string, string];
  return fraction === '' ? undefined : `${whole === '' ? '0' : whole}.${fraction}`;
}

function joined(whole: string, group: string, fraction: string, mark: string): string | undefined {
  if (fraction === '' || !/^\d+$/u.test(fraction)) return undefined;
  if (whole.includes(mark)) return undefined;
  if (whole.includes(group) && !GROUPED[group]!.test(whole)) return undefined;
  return `${whole.split(group).join('') || '0'}.${fraction}`;
}
