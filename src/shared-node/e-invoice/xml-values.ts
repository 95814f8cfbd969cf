import { ProcessingFailure } from '../processing-failure.js';

/** A decimal as an invoice XML writes it, normalised ("+4.0000" -> "4", "47.90" -> "47.9"); undefined when absent. */
export function decimalOf(text: string | undefined, what: string): string | undefined {
  if (text === undefined) return undefined;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) throw new ProcessingFailure(`The invoice XML gives ${what} as "${text.slice(0, 40)}", which is not a number.`);
  const whole = m[2]!.replace(/^0+(?=\d)/, '') || '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const sign = m[1] === '-' && /[1-9]/.test(whole + fraction) ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A date as YYYY-MM-DD from the forms invoice XML uses: 102 (YYYYMMDD), ISO dates and date-times. */
export function isoDateOf(text: string | undefined, what: string): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  const parts = compact ?? iso;
  if (!parts) throw new ProcessingFailure(`The invoice XML gives ${what} as "${t.slice(0, 40)}", which is not a date it can read (YYYYMMDD or YYYY-MM-DD).`);
  return `${parts[1]}-${parts[2]}-${parts[3]}`;
}

/** A text with its runs of spacing and line breaks made one space. */
export function oneLine(text: string | undefined): string | undefined {
  const t = text?.replace(/\s+/g, ' ').trim();
  return t ? t : undefined;
}

/** UNTDID 1001 codes of credit notes (381 the common one; 261, 262, 296, 308, 396, 420, 458, 532 and 81, 83 the rest). */
const CREDIT_NOTE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

export function isCreditNoteCode(code: string | undefined): boolean {
  return code !== undefined && CREDIT_NOTE_CODES.has(code);
}

/** The net price of one unit: a price given per base quantity (per 100 pieces) is divided by it. */
export function perUnit(priceText: string | undefined, baseQuantityText: string | undefined): string | undefined {
  const price = decimalOf(priceText, 'a unit price');
  const basis = Number(decimalOf(baseQuantityText, 'a price base quantity') ?? '1');
  if (price === undefined || basis === 1 || !(basis > 0)) return price;
  return decimalOf((Number(price) / basis).toFixed(6), 'a unit price');
}
