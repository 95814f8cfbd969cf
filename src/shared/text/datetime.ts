import { fold } from './fold.js';

export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour?: number | undefined;
  minute?: number | undefined;
  second?: number | undefined;
}

// Month names and their usual abbreviations in English, German, French, Spanish, Italian and Dutch (lower case).
const MONTH_NAMES: Record<string, number> = {
  ...names(1, 'jan january januar jänner janv janvier ene enero gen gennaio januari'),
  ...names(2, 'feb february februar févr fevr février fevrier febrero febbraio februari'),
  ...names(3, 'mar march märz mär maerz mrz mars marzo maart mrt'),
  ...names(4, 'apr april avr avril abr abril aprile'),
  ...names(5, 'may mai mayo mag maggio mei'),
  ...names(6, 'jun june juni juin junio giu giugno'),
  ...names(7, 'jul july juli juil juillet julio lug luglio'),
  ...names(8, 'aug august août aout ago agosto augustus'),
  ...names(9, 'sep sept september septembre septiembre setiembre set settembre'),
  ...names(10, 'oct october okt oktober octobre octubre ott ottobre'),
  ...names(11, 'nov november novembre noviembre'),
  ...names(12, 'dec december dez dezember déc décembre decembre dic diciembre dicembre'),
};

function names(month: number, list: string): Record<string, number> {
  return Object.fromEntries(list.split(' ').map((name) => [name, month]));
}

// Longest names first, so that "sept" is not read as "sep" followed by a letter; a name is a whole word.
const MONTH_NAME = `(${Object.keys(MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|')})(?!\\p{L})`;
// "1st", "1er" (French), "1º" (Spanish); Spanish joins day, month and year with "de" ("1 de octubre de 2018").
const ORDINAL = '(?:st|nd|rd|th|er|º)?';
const JOIN = String.raw`(?:de(?:l)?\s+)?`;
// A year may run into a time when a scan lost the space between them ("25/12/20188:13:39", "05 Mar201818:24").
const YEAR_END = String.raw`(?:(?!\d)|(?=\d{1,2}\s*:\s*\d{2}))`;
const DAY_MARK = String.raw`(?: ?\. ?|-)`;

interface DateForm {
  pattern: RegExp;
  year: number;
  month: number;
  day: number;
  /** Slashes with the year last: which order this form reads (the other order has its own form). */
  slash?: 'month-first' | 'day-first';
  /** Eight digits in a row: a date only when nothing else is glued to them (see datesIn). */
  compact?: boolean;
}

const form = (source: string, groups: Omit<DateForm, 'pattern'>): DateForm => ({ pattern: new RegExp(source, 'iu'), ...groups });

// Tried in order by parseDate; each gives year, month and day group numbers (a month name is read by monthOf).
// The forms with a two-digit year come last, so that a text parseDate read before is read as before.
const DATE_FORMS: DateForm[] = [
  // The day may run into a time when a scan lost the space between them ("2025-07-1909:38").
  form(String.raw`(?<!\d)(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?:(?!\d)|(?=\d{1,2}\s*[:时]\s*\d))\s*日?`, { year: 1, month: 2, day: 3 }),
  form(String.raw`(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)`, { year: 1, month: 2, day: 3, compact: true }),
  // Slashes are read month first (US), dots and dashes day first (Europe); the other order when that is no date.
  form(String.raw`(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{4})${YEAR_END}`, { year: 3, month: 1, day: 2, slash: 'month-first' }),
  form(String.raw`(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{4})${YEAR_END}`, { year: 3, month: 2, day: 1, slash: 'day-first' }),
  // A scan may set a space beside a point ("25.04 .2018").
  form(String.raw`(?<!\d)(\d{1,2})${DAY_MARK}(\d{1,2})${DAY_MARK}(\d{4})${YEAR_END}`, { year: 3, month: 2, day: 1 }),
  form(String.raw`(?<!\d)(\d{1,2})${DAY_MARK}(\d{1,2})${DAY_MARK}(\d{4})${YEAR_END}`, { year: 3, month: 1, day: 2 }),
  // Scans often lose the space between a month's name and a number, or after a comma ("4 Sep2022", "June 20,2025");
  // between the day and the year a comma or a space must be left, or the digits run together.
  form(String.raw`(?<!\d)(\d{1,2})${ORDINAL}[\s.-]*${JOIN}${MONTH_NAME}[\s.,-]*${JOIN}(\d{4})${YEAR_END}`, { year: 3, month: 2, day: 1 }),
  form(String.raw`(?<!\p{L})${MONTH_NAME}[\s.]*(\d{1,2})${ORDINAL}(?:\s*,\s*|\s+)(\d{4})${YEAR_END}`, { year: 3, month: 1, day: 2 }),
  // Two-digit years ("25-Dec-18", "Dec 25, 18", "25/12/18"); the same mark must part all three numbers,
  // and a time ("25 Dec 18:30") or a further number ("1.2.10.4") must not follow.
  form(String.raw`(?<!\d)(\d{1,2})${ORDINAL}[\s.-]*${MONTH_NAME}[\s.,-]*(\d{2})(?![\d:])`, { year: 3, month: 2, day: 1 }),
  form(String.raw`(?<!\p{L})${MONTH_NAME}[\s.]*(\d{1,2})${ORDINAL}\s*,\s*(\d{2})(?![\d:])`, { year: 3, month: 1, day: 2 }),
  form(String.raw`(?<![\d.,/-])(\d{1,2})\/(\d{1,2})\/(\d{2})(?![\d:]|[.,/-]\d)`, { year: 3, month: 1, day: 2, slash: 'month-first' }),
  form(String.raw`(?<![\d.,/-])(\d{1,2})\/(\d{1,2})\/(\d{2})(?![\d:]|[.,/-]\d)`, { year: 3, month: 2, day: 1, slash: 'day-first' }),
  form(String.raw`(?<![\d.,/-])(\d{1,2})([.-])(\d{1,2})\2(\d{2})(?![\d:]|[.,/-]\d)`, { year: 4, month: 3, day: 1 }),
  form(String.raw`(?<![\d.,/-])(\d{1,2})([.-])(\d{1,2})\2(\d{2})(?![\d:]|[.,/-]\d)`, { year: 4, month: 1, day: 3 }),
  // Eight digits day first ("25032018"), when they are no date year first.
  form(String.raw`(?<!\d)(\d{2})(\d{2})(\d{4})(?!\d)`, { year: 3, month: 2, day: 1, compact: true }),
];
const TIME = /(?<!\d)(\d{1,2})\s*[:时]\s*(\d{2})(?:\s*[:分]\s*(\d{2}))?/u;
// A time printed right after a date (a space, a "T" or a comma between them, or nothing when a scan lost the space).
const TIME_NEXT = /^[\sT,]{0,3}(\d{1,2})\s*[:时]\s*(\d{2})(?:\s*[:分]\s*(\d{2}))?/u;

/**
 * A calendar date (and a time when one follows it) read from text in the usual Chinese and English forms;
 * an ambiguous date with slashes ("03/05/2026") in the order given (US month first unless told).
 */
export function parseDate(text: string, slashes: SlashOrder = 'month-first'): DateParts | undefined {
  const folded = fold(text);
  for (const form of formsInOrder(slashes)) {
    const m = form.pattern.exec(folded);
    if (!m) continue;
    const parts = partsOf(m, form);
    if (!isValidDate(parts)) continue;
    return { ...parts, ...timeAfter(folded.slice(m.index + m[0].length)) };
  }
  return undefined;
}

export interface DateInText {
  /** Code-unit indexes of the date (without the time) in the text. */
  start: number;
  end: number;
  parts: DateParts;
  /** A time is printed right after the date; its parts are in `parts`. */
  hasTime: boolean;
}

/** How to read an ambiguous date with slashes and the year last ("03/05/2026"). */
export type SlashOrder = 'month-first' | 'day-first';

export interface DatesInOptions {
  slashes: SlashOrder;
  /** Years outside this range are no date (a scan's noise reads as far-off years). */
  years: [number, number];
}

/**
 * Every date printed in a text, in order and non-overlapping, read with the same forms as parseDate.
 * At one place the longest reading wins, and between readings of one span the preferred slash order.
 */
export function datesIn(text: string, options: DatesInOptions): DateInText[] {
  const folded = fold(text);
  const found: (DateInText & { rank: number })[] = [];
  formsInOrder(options.slashes).forEach((form, rank) => {
    for (const m of folded.matchAll(globalPatternOf(form))) {
      const parts = partsOf(m, form);
      const [start, end] = [m.index, m.index + m[0].length];
      if (!isValidDate(parts) || parts.year < options.years[0] || parts.year > options.years[1]) continue;
      if (form.compact && !standsAlone(folded, start, end)) continue;
      const time = timeNext(folded.slice(end));
      found.push({ start, end: trimEnd(folded, start, end), parts: { ...parts, ...time }, hasTime: time.hour !== undefined, rank });
    }
  });
  found.sort((a, b) => a.start - b.start || b.end - a.end || a.rank - b.rank);
  const chosen: DateInText[] = [];
  for (const { rank: _rank, ...date } of found) {
    if (chosen.length === 0 || date.start >= chosen[chosen.length - 1]!.end) chosen.push(date);
  }
  return chosen;
}

function formsInOrder(slashes: SlashOrder): DateForm[] {
  // Stable sort: only the two readings of each slash form swap.
  return [...DATE_FORMS].sort((a, b) => slashRank(a, slashes) - slashRank(b, slashes) || DATE_FORMS.indexOf(a) - DATE_FORMS.indexOf(b));
}

function slashRank(form: DateForm, preferred: SlashOrder): number {
  if (!form.slash) return DATE_FORMS.indexOf(form);
  // The pair of slash forms keeps its place; the preferred reading goes first within it.
  const pairStart = DATE_FORMS.findIndex((f) => f.pattern.source === form.pattern.source);
  return pairStart + (form.slash === preferred ? 0 : 0.5);
}

const globalPatterns = new Map<DateForm, RegExp>();
function globalPatternOf(form: DateForm): RegExp {
  let pattern = globalPatterns.get(form);
  if (!pattern) globalPatterns.set(form, (pattern = new RegExp(form.pattern.source, `${form.pattern.flags}g`)));
  return pattern;
}

// Eight digits glued to a letter, a digit or an id's dash are part of a number, not a date.
function standsAlone(text: string, start: number, end: number): boolean {
  return !/[\p{L}\p{N}_/-]/u.test(text[start - 1] ?? ' ') && !/[\p{L}\p{N}_/-]/u.test(text[end] ?? ' ');
}

// Separators a form allows at its end (a day's "日" stays; trailing spaces go).
function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return end;
}

function partsOf(m: RegExpExecArray | RegExpMatchArray, form: DateForm): DateParts {
  return { year: yearOf(m[form.year]!), month: monthOf(m[form.month]!), day: Number(m[form.day]) };
}

// Two-digit years are of this century, but 90-99 of the last one (no date here is older than 1990).
function yearOf(text: string): number {
  const year = Number(text);
  if (text.length !== 2) return year;
  return year < 90 ? 2000 + year : 1900 + year;
}

function monthOf(text: string): number {
  return MONTH_NAMES[text.toLowerCase()] ?? Number(text);
}

function timeAfter(rest: string): Partial<DateParts> {
  return timeOf(TIME.exec(rest));
}

function timeNext(rest: string): Partial<DateParts> {
  return timeOf(TIME_NEXT.exec(rest));
}

function timeOf(m: RegExpExecArray | null): Partial<DateParts> {
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
