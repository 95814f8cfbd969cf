import type { ExpectedValue } from '../fixtures/layout-document.js';

// How a clerk proofreading a value judges it: the same calendar date, the same number, the same name
// whatever the case, spacing or punctuation, the same code whatever the spacing.

const MONTHS: Record<string, number> = Object.fromEntries(
  [
    ['january jan janvier januar jänner', 1],
    ['february feb fevrier februar fevr', 2],
    ['march mar mars marz maerz', 3],
    ['april apr avril', 4],
    ['may mai', 5],
    ['june jun juin juni', 6],
    ['july jul juillet juli juil', 7],
    ['august aug aout', 8],
    ['september sep sept septembre', 9],
    ['october oct octobre oktober okt', 10],
    ['november nov novembre', 11],
    ['december dec decembre dezember dez', 12],
  ].flatMap(([names, month]) => String(names).split(' ').map((name) => [name, Number(month)])),
);

const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const fullYear = (year: string) => (year.length === 2 ? (Number(year) < 50 ? 2000 : 1900) + Number(year) : Number(year));
const iso = (year: number, month: number, day: number) => (month >= 1 && month <= 12 && day >= 1 && day <= 31 ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : undefined);

/** The calendar date a printed date means (ISO), reading 03/04 as the document's convention says; undefined if it is no date. */
export function calendarDate(text: string, dayFirst: boolean): string | undefined {
  const t = plain(text.normalize('NFKC'));
  let m = /(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})/.exec(t);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{2,4})\b/.exec(t);
  if (m) return dayFirst ? iso(fullYear(m[3]!), Number(m[2]), Number(m[1])) : iso(fullYear(m[3]!), Number(m[1]), Number(m[2]));
  m = /(\d{1,2})(?:st|nd|rd|th|er)?[\s.-]*([a-z]+)\.?[\s.,-]*(\d{4}|\d{2})\b/.exec(t);
  if (m && MONTHS[m[2]!]) return iso(fullYear(m[3]!), MONTHS[m[2]!]!, Number(m[1]));
  m = /([a-z]+)\.?\s*(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(\d{4})/.exec(t);
  if (m && MONTHS[m[1]!]) return iso(Number(m[3]), MONTHS[m[1]!]!, Number(m[2]));
  return undefined;
}

/** The one number an amount text holds, with either decimal mark ("1.234,57 €", "1 020,00", "RM 12.50"); undefined if none or several. */
export function amountNumber(text: string): number | undefined {
  const numbers = text.normalize('NFKC').match(/-?\d(?:[\d.,']|\s(?=\d{3}\b))*/g) ?? [];
  if (numbers.length !== 1) return undefined;
  const digits = numbers[0]!.replace(/[\s']/g, '').replace(/[.,]$/, '');
  const decimal = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const commaOnly = !digits.includes('.') && /,\d{3}$/.test(digits);
  const dotsOnly = !digits.includes(',') && (digits.match(/\./g) ?? []).length > 1;
  if (decimal < 0 || commaOnly || dotsOnly) return Number(digits.replace(/[.,]/g, ''));
  return Number(`${digits.slice(0, decimal).replace(/[.,]/g, '')}.${digits.slice(decimal + 1)}`);
}

const nameKey = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');
const codeKey = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s/g, '');

/** Whether a clerk would accept `actual` for the expected value without retyping it. */
export function clerkAccepts(actual: string, expected: ExpectedValue): boolean {
  switch (expected.kind) {
    case 'date':
      return calendarDate(actual, expected.dayFirst ?? false) === expected.value;
    case 'amount': {
      const number = amountNumber(actual);
      return number !== undefined && Math.abs(number - Number(expected.value)) < 0.005;
    }
    case 'name':
      return nameKey(actual) === nameKey(expected.value);
    case 'code':
      return codeKey(actual) === codeKey(expected.value);
  }
}
