import { fold } from '../text-match.js';

export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour?: number | undefined;
  minute?: number | undefined;
  second?: number | undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;

// Tried in order; each gives year, month and day group numbers (a month name is read by monthOf).
const DATE_FORMS: { pattern: RegExp; year: number; month: number; day: number }[] = [
  // The day may run into a time when a scan lost the space between them ("2025-07-1909:38").
  { pattern: /(?<!\d)(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?:(?!\d)|(?=\d{1,2}\s*[:时]\s*\d))\s*日?/u, year: 1, month: 2, day: 3 },
  { pattern: /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/u, year: 1, month: 2, day: 3 },
  // Slashes are read month first (US), dots and dashes day first (Europe); the other order when that is no date.
  { pattern: /(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{4})(?!\d)/u, year: 3, month: 1, day: 2 },
  { pattern: /(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{4})(?!\d)/u, year: 3, month: 2, day: 1 },
  { pattern: /(?<!\d)(\d{1,2})[.-](\d{1,2})[.-](\d{4})(?!\d)/u, year: 3, month: 2, day: 1 },
  { pattern: /(?<!\d)(\d{1,2})[.-](\d{1,2})[.-](\d{4})(?!\d)/u, year: 3, month: 1, day: 2 },
  // Scans often lose the space between a month's name and a number, or after a comma ("4 Sep2022", "June 20,2025");
  // between the day and the year a comma or a space must be left, or the digits run together.
  { pattern: new RegExp(String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\s*${MONTH_NAME},?\s*(\d{4})(?!\d)`, 'iu'), year: 3, month: 2, day: 1 },
  { pattern: new RegExp(String.raw`${MONTH_NAME}\s*(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{4})(?!\d)`, 'iu'), year: 3, month: 1, day: 2 },
];
const TIME = /(?<!\d)(\d{1,2})\s*[:时]\s*(\d{2})(?:\s*[:分]\s*(\d{2}))?/u;

/** A calendar date (and a time when one follows it) read from text in the usual Chinese and English forms. */
export function parseDate(text: string): DateParts | undefined {
  const folded = fold(text);
  for (const form of DATE_FORMS) {
    const m = form.pattern.exec(folded);
    if (!m) continue;
    const parts = { year: Number(m[form.year]), month: monthOf(m[form.month]!), day: Number(m[form.day]) };
    if (!isValidDate(parts)) continue;
    return { ...parts, ...timeAfter(folded.slice(m.index + m[0].length)) };
  }
  return undefined;
}

function monthOf(text: string): number {
  const named = MONTHS.indexOf(text.slice(0, 3).toLowerCase());
  return named >= 0 ? named + 1 : Number(text);
}

function timeAfter(rest: string): Partial<DateParts> {
  const m = TIME.exec(rest);
  if (!m) return {};
  const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return hour < 24 && minute < 60 && second < 60 ? { hour, minute, second } : {};
}

export function isValidDate({ year, month, day }: Pick<DateParts, 'year' | 'month' | 'day'>): boolean {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const TOKENS = /YYYY|yyyy|YY|yy|MM|M|DD|dd|D|HH|H|mm|ss/g;
// Java-style spellings mean the same.
const LOWER_CASE_TOKENS: Record<string, string> = { yyyy: 'YYYY', yy: 'YY', dd: 'DD' };

/** The date written in a format of YYYY, YY, MM, M, DD, D, HH, H, mm, ss tokens (yyyy, yy and dd too); other text stays. */
export function formatDate(parts: DateParts, format: string): string {
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  const values: Record<string, string> = {
    YYYY: String(parts.year),
    YY: String(parts.year).slice(-2),
    MM: pad(parts.month),
    M: String(parts.month),
    DD: pad(parts.day),
    D: String(parts.day),
    HH: pad(parts.hour),
    H: String(parts.hour ?? 0),
    mm: pad(parts.minute),
    ss: pad(parts.second),
  };
  return format.replace(TOKENS, (token) => values[LOWER_CASE_TOKENS[token] ?? token]!);
}
