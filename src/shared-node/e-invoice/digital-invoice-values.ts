import { ProcessingFailure } from '../processing-failure.js';
import { decimalOf, isoDateOf } from './xml-values.js';

// The value forms of the 数电票 XML beyond plain decimals and ISO dates, as issuing systems write them.

/** A tax amount: asterisks stand for no tax on an exempt or untaxed line (免税, 不征税), which is 0. */
export function taxAmountOf(text: string | undefined, what: string): string | undefined {
  return text !== undefined && /^\*+$/.test(text.trim()) ? '0' : decimalOf(text, what);
}

/**
 * A tax rate or levy rate (税率/征收率) in percent: a fraction ("0.06", the form the tax bureau's
 * XML uses) or a percentage ("6%", "6"). Words and asterisks (免税, 不征税, ***) give no rate.
 */
export function ratePercentOf(text: string | undefined): string | undefined {
  const t = text?.trim().replace(/％$/, '%');
  const m = t ? /^(\d+(?:\.\d+)?)(%?)$/.exec(t) : null;
  if (!m) return undefined;
  const value = Number(m[1]);
  // A bare number below 1 is a fraction (0.06); "1" or more, or a percent sign, is already percent.
  const percent = m[2] === '' && value < 1 ? Number((value * 100).toFixed(6)) : value;
  return decimalOf(String(percent), 'a tax rate');
}

/** A date as the XML writes it: ISO date or date-time, YYYYMMDD, or 2024年05月28日. */
export function digitalInvoiceDateOf(text: string | undefined, what: string): string | undefined {
  const chinese = text && /^\s*(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(text);
  if (chinese) return `${chinese[1]}-${chinese[2]!.padStart(2, '0')}-${chinese[3]!.padStart(2, '0')}`;
  return isoDateOf(text, what);
}

/** A value every 数电票 states; its absence makes the XML no complete invoice. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new ProcessingFailure(`The fully digital e-invoice XML (数电票) gives no ${what}: it is not a complete invoice.`);
  return value;
}
