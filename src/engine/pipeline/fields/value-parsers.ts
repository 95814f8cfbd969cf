import { fold } from '../../../shared/text/fold.js';
import { CURRENCY_PATTERN } from '../document/currency-marks.js';
import { remember } from '../document/text-match.js';
import { datesIn, type SlashOrder } from '../../../shared/text/datetime.js';

// Typed values printed in a text: dates, amounts and Chinese capital amounts, with code-unit indexes
// into the text as given (fold maps each character to one, so positions found on folded text stay true).

export interface DateMatch {
  start: number;
  end: number;
  /** YYYY-MM-DD */
  iso: string;
  /** A time is printed right after the date (it is not inside start/end). */
  hasTime: boolean;
}

// Every stage asks for the same segments' dates and amounts: read once per text.
const datesCache: Record<SlashOrder, Map<string, DateMatch[]>> = { 'day-first': new Map(), 'month-first': new Map() };
const amountsCache = new Map<string, AmountMatch[]>();

/**
 * Every calendar date printed in a text, in order, non-overlapping. Read with the forms of parseDate;
 * an ambiguous date with slashes in the document's order (day first unless told: most of the world,
 * and the receipts; see date-order.ts), and only years 1990-2099 (noise reads as far-off years).
 */
export function findDates(text: string, slashes: SlashOrder = 'day-first'): DateMatch[] {
  return remember(datesCache[slashes], text, () => readDates(text, slashes));
}

function readDates(text: string, slashes: SlashOrder): DateMatch[] {
  const found = datesIn(text, { slashes, years: [1990, 2099] }).map(({ start, end, parts, hasTime }) => ({
    start,
    end,
    iso: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`,
    hasTime,
  }));
  const spaced = spacedDates(text).filter((d) => !found.some((f) => d.start < f.end && d.end > f.start));
  const specked = speckedDates(text).filter((d) => ![...found, ...spaced].some((f) => d.start < f.end && d.end > f.start));
  return [...found, ...spaced, ...specked].sort((a, b) => a.start - b.start);
}

// A Chinese date with a scan's speck read as a dot among its figures ("2025年0.7月01日").
const SPECKED_DATE = /((?:19|20)\d{2})\s*年\s*([\d.·]{1,4})\s*月\s*([\d.·]{1,4})\s*日/gu;

function speckedDates(text: string): DateMatch[] {
  return [...text.matchAll(SPECKED_DATE)].flatMap((m) => {
    const [month, day] = [m[2]!, m[3]!].map((part) => part.replace(/[.·]/gu, ''));
    if (!/[.·]/u.test(m[2]! + m[3]!) || month!.length > 2 || day!.length > 2) return [];
    const [year, mm, dd] = [Number(m[1]), Number(month), Number(day)];
    const valid = mm >= 1 && mm <= 12 && new Date(Date.UTC(year, mm - 1, dd)).getUTCDate() === dd;
    return valid ? [{ start: m.index, end: m.index + m[0].length, iso: `${year}-${pad(mm)}-${pad(dd)}`, hasTime: false }] : [];
  });
}

// A form's boxes printed with spaces between year, month and day ("开票日期 2019 05 08"): year first, two digits each after it.
const SPACED_DATE = /(?<![\d.,])((?:19|20)\d{2}) (0[1-9]|1[0-2]) (0[1-9]|[12]\d|3[01])(?![\d.,])/gu;

/** The date of a text printed as a form's spaced boxes, or a Chinese date with a scan's speck among its figures, as an ISO date (what a date field reads); any other text as it is. */
export function withSpacedDateRead(text: string): string {
  const [date] = [...spacedDates(text.trim()), ...speckedDates(text.trim())];
  return date && date.start === 0 && date.end === text.trim().length ? date.iso : text;
}

function spacedDates(text: string): DateMatch[] {
  return [...text.matchAll(SPACED_DATE)].flatMap((m) => {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const valid = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
    return valid ? [{ start: m.index, end: m.index + m[0].length, iso: `${year}-${m[2]}-${m[3]}`, hasTime: false }] : [];
  });
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export interface AmountMatch {
  start: number;
  end: number;
  /** the number as printed, without currency marks, e.g. "1.234,56" */
  printed: string;
  value: number;
  /** a decimal mark was printed ("12.50", "1.234,56", "12,50") */
  decimals: boolean;
  /** as printed ('RM', '¥', '$', '元'), codes in upper case ('EUR', 'MYR'); a full-width ￥ is '¥' */
  currency?: string;
  /** Read across a space after its decimal comma ("21, 30"): how a scan splits a number, and how a list of numbers looks. */
  spacedDecimals?: true;
}

// The shapes of a printed number, tried in order; each must end where the number ends (NUMBER_END).
const NUMBER = [
  String.raw`[1-9]\d{0,2}(?:,\d{3})+(?:\.\d{1,2})?`, // 1,234 and 1,234.56
  String.raw`[1-9]\d{0,2}(?:\.\d{3})+,\d{1,2}`, // 1.234,56
  String.raw`[1-9]\d{0,2}(?:\.\d{3}){2,}`, // 1.234.567
  String.raw`[1-9]\d{0,2}(?:[ \u00A0\u202F]\d{3})+,\d{1,2}`, // 1 234,56 (a space groups only before a decimal comma)
  String.raw`[1-9]\d{0,2}(?:['’]\d{3})+(?:\.\d{1,2})?`, // 1'234.56
  String.raw`\d+[.,]\d{1,2}`, // 12.50, 12,50
  String.raw`(?<!\d,\s?)\d+, \d{2}(?!\s?,\s?\d)`, // 21, 30: a scan's gap read after the decimal comma (not a list "1, 12, 15")
  String.raw`\d+\.\d{3}`, // 0.500, 1.234: one dot and three digits is a decimal mark
  String.raw`\d+`,
].join('|');
const NUMBER_END = String.raw`(?!\d|[.,'’]\d)`;
// A number glued to a Latin letter is part of a word or id ("INV123", "5pcs"), unless the letters are a
// currency; "#" and "№" start ids; a percentage is no amount.
const AMOUNT = new RegExp(
  String.raw`(?<![\p{Script=Latin}\d.,#№'’-])(-)?(?:(${CURRENCY_PATTERN})\s?)?(-)?(${NUMBER})${NUMBER_END}(?:\s?(${CURRENCY_PATTERN}|元)(?!\p{Script=Latin}))?(?!\s?%|\p{Script=Latin})`,
  'giu',
);

// Numbers that are not amounts, blanked before amounts are looked for: times, phone numbers and
// hyphenated numbers ("03-40210276", "2024-118"), which no amount is.
const NOT_AMOUNTS = [
  /(?<!\d)\d{1,2}\s?:\s?\d{2}(?:\s?:\s?\d{2})?(?!\d)/gu,
  /\d{1,2}时\d{1,2}分(?:\d{1,2}秒)?/gu,
  /(?<!\d)\d+(?:-\d+)+(?!\d)/gu,
  /\+\d[\d ()-]{6,}\d/gu,
  /\(0?\d{1,3}\)\s?\d{3,4}[ -]?\d{3,4}(?!\d)/gu,
  /(?<![\d.,])0\d{1,3} \d{3,4} ?\d{3,4}(?![\d.,])/gu,
];
const MAX_INTEGER_DIGITS = 9;

/** Every amount printed in a text, in order (a date, a time, a phone number or a long id is not an amount). */
export function findAmounts(text: string): AmountMatch[] {
  return remember(amountsCache, text, () => readAmounts(text));
}

function readAmounts(text: string): AmountMatch[] {
  const folded = blank(fold(text), [...findDates(text), ...NOT_AMOUNTS.flatMap((p) => spans(fold(text), p))]);
  const found: AmountMatch[] = [];
  for (const m of folded.matchAll(AMOUNT)) {
    const amount = amountOf(m);
    if (amount) found.push(amount);
  }
  return found;
}

function spans(text: string, pattern: RegExp): { start: number; end: number }[] {
  return [...text.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

// Spaces keep every index where it was.
function blank(text: string, masked: { start: number; end: number }[]): string {
  const chars = text.split('');
  for (const { start, end } of masked) chars.fill(' ', start, end);
  return chars.join('');
}

function amountOf(m: RegExpExecArray | RegExpMatchArray): AmountMatch | undefined {
  const [, signBefore, prefix, signAfter, number, suffix] = m;
  const parsed = numberOf(number!);
  // A long run of digits is an id or a tax number; "0123" is a code.
  if (parsed.integerDigits > MAX_INTEGER_DIGITS || /^0\d/u.test(number!)) return undefined;
  const negative = signBefore !== undefined || signAfter !== undefined;
  const currency = prefix ?? suffix;
  return {
    start: m.index!,
    end: m.index! + m[0].length,
    // "21, 30" is given as the page meant it.
    printed: `${negative ? '-' : ''}${number!.replace(', ', ',')}`,
    value: negative ? -parsed.value : parsed.value,
    decimals: parsed.decimals,
    ...(currency !== undefined ? { currency: currencyOf(currency) } : {}),
    ...(/, \d{2}$/u.test(number!) ? { spacedDecimals: true as const } : {}),
  };
}

// The decimal mark is the last "." or "," followed by one or two digits (three after a lone dot, "0.500");
// every other mark groups thousands.
function numberOf(printed: string): { value: number; decimals: boolean; integerDigits: number } {
  const decimal = /[.,] ?(\d{1,2})$/u.exec(printed) ?? /^\d+\.(\d{3})$/u.exec(printed);
  const integer = (decimal ? printed.slice(0, decimal.index) : printed).replace(/\D/gu, '');
  const value = Number(decimal ? `${integer}.${decimal[1]}` : integer);
  return { value, decimals: decimal !== null, integerDigits: integer.length };
}

function currencyOf(printed: string): string {
  return /^[a-z$]+$/iu.test(printed) && printed !== 'Rp' ? printed.toUpperCase() : printed;
}

const CAPITAL_DIGITS: Record<string, number> = {
  ...digits('零〇', 0),
  ...digits('壹一', 1),
  ...digits('贰貳二两兩', 2),
  ...digits('叁參三', 3),
  ...digits('肆四', 4),
  ...digits('伍五', 5),
  ...digits('陆陸六', 6),
  ...digits('柒七', 7),
  ...digits('捌八', 8),
  ...digits('玖九', 9),
};
const CAPITAL_UNITS: Record<string, number> = { 拾: 10, 十: 10, 佰: 100, 百: 100, 仟: 1000, 千: 1000 };
const YUAN = '圆圓元';

function digits(chars: string, value: number): Record<string, number> {
  return Object.fromEntries([...chars].map((ch) => [ch, value]));
}

// A run of the characters a capital amount is written in; a leading ⊗ or ⓧ (a printed stop mark) is not in it.
const CAPITAL_RUN = /[零〇壹一贰貳二两兩叁參三肆四伍五陆陸六柒七捌八玖九拾十佰百仟千万萬亿億圆圓元角分整正]+/gu;

/** A Chinese capital amount (大写, e.g. "壹佰零捌圆整", "叁仟贰佰壹拾伍元陆角柒分") as a number; undefined when the text holds none. */
export function findCapitalAmount(text: string): { start: number; end: number; value: number } | undefined {
  for (const m of text.matchAll(CAPITAL_RUN)) {
    const value = capitalValue(m[0]);
    if (value !== undefined) return { start: m.index, end: m.index + m[0].length, value };
  }
  return undefined;
}

// Yuan before 圆/元, then 角 (tenths) and 分 (hundredths); a run with no digit or no such mark is
// ordinary text ("一元化" in a name would still read as 1, hence the digit-and-mark check).
function capitalValue(run: string): number | undefined {
  if (!/[圆圓元角分]/u.test(run) || ![...run].some((ch) => ch in CAPITAL_DIGITS || ch in CAPITAL_UNITS)) return undefined;
  const yuanAt = [...YUAN].map((ch) => run.indexOf(ch)).find((i) => i >= 0) ?? -1;
  const yuan = yuanAt >= 0 ? integerOf(run.slice(0, yuanAt)) : 0;
  const fraction = fractionOf(run.slice(yuanAt + 1));
  if (yuan === undefined || fraction === undefined) return undefined;
  return Math.round((yuan + fraction) * 100) / 100;
}

// 壹亿贰仟万零叁拾 = 1_2000_0030: digits times 拾佰仟 add up to a section, 万 and 亿 scale what came before.
function integerOf(text: string): number | undefined {
  let [total, section, digit] = [0, 0, -1];
  for (const ch of text) {
    if (ch in CAPITAL_DIGITS) digit = CAPITAL_DIGITS[ch]!;
    else if (ch in CAPITAL_UNITS) section += (digit < 0 ? 1 : digit) * CAPITAL_UNITS[ch]!;
    else if (ch === '万' || ch === '萬') total += (section + Math.max(digit, 0)) * 10_000;
    else if (ch === '亿' || ch === '億') total = (total + section + Math.max(digit, 0)) * 100_000_000;
    else return undefined;
    if (!(ch in CAPITAL_DIGITS)) {
      if (!(ch in CAPITAL_UNITS)) section = 0;
      digit = -1;
    }
  }
  return total + section + Math.max(digit, 0);
}

// After 元: 陆角柒分, 零伍分, 整 or 正.
function fractionOf(text: string): number | undefined {
  let [value, digit] = [0, 0];
  for (const ch of text) {
    if (ch in CAPITAL_DIGITS) digit = CAPITAL_DIGITS[ch]!;
    else if (ch === '角') value += digit / 10;
    else if (ch === '分') value += digit / 100;
    else if (ch !== '整' && ch !== '正') return undefined;
    if (ch === '角' || ch === '分') digit = 0;
  }
  return value;
}
