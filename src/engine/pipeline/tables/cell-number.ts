/**
 * The number a table cell prints: "1.234,50", "1,234.50", "86,5500", "3 m²", "19 %", "-1,00 €". A
 * quantity or price may carry four decimals, so a lone separator is a decimal mark unless three digits
 * follow it and the table writes its decimals with the other mark.
 */
export function cellNumber(text: string, decimalMark?: ',' | '.'): number | undefined {
  const m = /(-)?\s*(\d[\d.,'’ ]*\d|\d)(?:\s*(-))?/u.exec(text.replace(/[\u00A0\u202F]/gu, ' '));
  if (!m) return undefined;
  const digits = m[2]!.replace(/[ '’]/gu, '');
  const value = Number(normalised(digits, decimalMark));
  if (!Number.isFinite(value)) return undefined;
  return m[1] || m[3] ? -value : value;
}

function normalised(digits: string, decimalMark: ',' | '.' | undefined): string {
  const last = Math.max(digits.lastIndexOf(','), digits.lastIndexOf('.'));
  if (last < 0) return digits;
  const mark = digits[last]!;
  const other = mark === ',' ? '.' : ',';
  const decimals = digits.length - last - 1;
  const lone = digits.indexOf(mark) === last && !digits.includes(other);
  const isDecimal = !lone || decimals !== 3 || decimalMark === mark;
  if (!isDecimal) return digits.replace(/[.,]/gu, '');
  return `${digits.slice(0, last).replace(/[.,]/gu, '')}.${digits.slice(last + 1)}`;
}

/** The decimal mark most of a table's amounts use ("10,00" against "10.00"), if they show one. */
export function decimalMarkOf(texts: readonly string[]): ',' | '.' | undefined {
  let comma = 0;
  let dot = 0;
  for (const t of texts) {
    if (/\d,\d{2}(?!\d)/u.test(t)) comma++;
    if (/\d\.\d{2}(?!\d)/u.test(t)) dot++;
  }
  return comma === dot ? undefined : comma > dot ? ',' : '.';
}

/** A number a scan split after its decimal or grouping mark ("9, 9000", "275, 00"), read its point as a colon, or put a speck among its figures ("9905.7.6") written whole again; other text as it is. */
export function closedNumber(text: string): string {
  return text.replace(/(\d[.,]) (?=\d)/gu, '$1').replace(DECIMAL_MISREAD, '$1.$2').replace(SPECKED, specksOut);
}

// Two dots or more in a number with no comma, not all of them before three figures (no grouping: "1.234.567"): a scan's specks.
const SPECKED = /(?<![\d,])\d+(?:\.\d+){2,}(?![\d,])/gu;

/** A number with specks read as dots: its figures, the point before the last two (the cents). */
function specksOut(number: string): string {
  if (number.split('.').slice(1).every((group) => group.length === 3)) return number;
  const digits = number.replace(/\./gu, '');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

// A scan reads a decimal point as a colon or semicolon ("1884:49", "994;71"): two digits after it are cents.
const DECIMAL_MISREAD = /(\d)[:;](\d{2})(?!\d)/gu;
