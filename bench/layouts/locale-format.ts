import type { Rng } from '../corpus/rng.js';
import type { Convention } from './conventions.js';

/** How one document prints its numbers: chosen once, so that every amount of a page agrees. */
export interface NumberStyle {
  decimal: ',' | '.';
  group: string;
  /** Currency sign beside the totals ('' for none), before or after the number. */
  sign: string;
  signAfter: boolean;
  /** Dates of the document: one pattern of its country. */
  date: string;
  language: string;
}

export function numberStyle(rng: Rng, convention: Convention, language = convention.language): NumberStyle {
  const sign = rng.pick([convention.sign, convention.sign, convention.currency]);
  return { decimal: convention.decimal, group: rng.pick(convention.groups), sign, signAfter: sign === convention.currency ? rng.chance(0.5) : convention.signAfter, date: rng.pick(convention.dates), language };
}

/** A number with `decimals` places in the document's style ("1.234,56", "1 234,56", "1,234.56"). */
export function formatNumber(value: number, style: NumberStyle, decimals = 2): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? style.decimal + fraction : ''}`;
}

/** An amount with its currency sign where the style puts one ("1.234,56 €", "£1,234.56", "EUR 1.234,56"). */
export function formatMoney(value: number, style: NumberStyle): string {
  const number = formatNumber(value, style);
  if (style.sign === '') return number;
  const space = style.sign.length > 1 || style.signAfter ? ' ' : '';
  if (style.signAfter) return `${number}${space}${style.sign}`;
  return `${value < 0 ? '-' : ''}${style.sign}${space}${formatNumber(Math.abs(value), style)}`;
}

/** A quantity or price as printed: whole numbers without decimals, else as many places as it has (two at least for a price). */
export function formatFlexible(value: number, style: NumberStyle, minDecimals: number): string {
  const places = Math.max(minDecimals, (String(value).split('.')[1] ?? '').length);
  return formatNumber(value, style, Math.min(places, 4));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date in the document's date pattern, month names in its language. */
export function formatDate(iso: string, style: NumberStyle): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  const name = (width: 'long' | 'short') => new Intl.DateTimeFormat(style.language, { month: width, timeZone: 'UTC' }).format(at).replace(/\.$/, '');
  return style.date.replace(/\{(\w+)\}/g, (_, token: string) => {
    switch (token) {
      case 'yyyy':
        return String(year);
      case 'yy':
        return pad(year % 100);
      case 'MMMM':
        return name('long');
      case 'MMM':
        return name('short');
      case 'mm':
        return pad(month);
      case 'dd':
        return pad(day);
      default:
        return String(day);
    }
  });
}
