import type { LexiconEntry } from './prose-lexicon.js';
import type { ProseSymbol } from './prose-symbol.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = `(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})\\.?`;
const EN_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const ZH_DIGITS = '零一二两三四五六七八九';
const ZH_NUMBER = `[${ZH_DIGITS}十百千万]+`;

/** 一, 十二, 二十, 一百零五, 三千, 两万: the whole numbers clerks write in characters. */
function chineseNumber(text: string): number {
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const c of text) {
    const d = ZH_DIGITS.indexOf(c);
    if (d >= 0) {
      // 两 is a second spelling of 二.
      digit = d > 2 ? d - 1 : d;
      continue;
    }
    const unit = { 十: 10, 百: 100, 千: 1000, 万: 10_000 }[c as '十'] ?? 1;
    if (unit === 10_000) {
      total += (section + digit) * unit;
      section = 0;
    } else section += (digit === 0 && unit === 10 ? 1 : digit) * unit;
    digit = 0;
  }
  return total + section + digit;
}

/** A number as written: "1,000" groups thousands, "1.5万" is 15000, "13%" stays a percentage. */
function numberOf(text: string): string | undefined {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%|万|千)?$/u.exec(text.trim());
  if (!match) return undefined;
  const plain = `${match[1]!.replace(/,/gu, '')}${match[2] ?? ''}`;
  if (match[3] === '%') return `${plain}%`;
  const times = match[3] === '万' ? 10_000 : match[3] === '千' ? 1000 : 1;
  return times === 1 ? plain : String(Number(plain) * times);
}

const count = (kind: 'digits' | 'chars' | 'days' | 'year', read: (m: RegExpExecArray) => number) => (m: RegExpExecArray): ProseSymbol[] => [{ kind, count: read(m) }];
const wholeOf = (text: string) => (/^\d+$/u.test(text) ? Number(text) : EN_NUMBERS.includes(text.toLowerCase()) ? EN_NUMBERS.indexOf(text.toLowerCase()) : chineseNumber(text));
const iso = (y: string, m: number, d: string) => `${y}-${String(m).padStart(2, '0')}-${d.padStart(2, '0')}`;
const monthOf = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().replace('.', ''))) + 1;
const WHOLE = `(\\d+|${EN_NUMBERS.join('|')}|${ZH_NUMBER})`;

/** Dates, counts and numbers as prose writes them, in English and Chinese. */
export const VALUES: readonly LexiconEntry[] = [
  { pattern: '(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})', symbols: (m) => [{ kind: 'date', iso: iso(m[1]!, Number(m[2]), m[3]!) }] },
  { pattern: '(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号]', symbols: (m) => [{ kind: 'date', iso: iso(m[1]!, Number(m[2]), m[3]!) }] },
  { pattern: `(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})`, symbols: (m) => [{ kind: 'date', iso: iso(m[3]!, monthOf(m[2]!), m[1]!) }] },
  { pattern: `${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, symbols: (m) => [{ kind: 'date', iso: iso(m[3]!, monthOf(m[1]!), m[2]!) }] },
  { pattern: '(\\d{4})\\s*年(?!\\s*\\d)', symbols: count('year', (m) => Number(m[1])) },
  { pattern: `${WHOLE}\\s*(?:digits?|位数字|位数)(?:\\s+long)?`, symbols: count('digits', (m) => wholeOf(m[1]!)) },
  { pattern: `${WHOLE}\\s*(?:characters?|chars?|位)(?:\\s+long)?`, symbols: count('chars', (m) => wholeOf(m[1]!)) },
  { pattern: `${WHOLE}\\s*(?:days?|天|日)`, symbols: count('days', (m) => wholeOf(m[1]!)) },
  { pattern: `(?:${WHOLE}|an?)\\s*(?:years?|年)`, symbols: count('days', (m) => 365 * (m[1] === undefined ? 1 : wholeOf(m[1]))) },
  { pattern: `(?:starts?|begins?)\\s+with\\s+["“']?([A-Za-z0-9-]+)["”']?`, symbols: (m) => [{ kind: 'starts', text: m[1]! }] },
  { pattern: `以\\s*["“']?([A-Za-z0-9-]+)["”']?\\s*(?:开头|打头|开始)`, symbols: (m) => [{ kind: 'starts', text: m[1]! }] },
  { pattern: `(\\d[\\d,]*(?:\\.\\d+)?\\s*(?:%|万|千)?)`, symbols: (m) => { const text = numberOf(m[1]!); return text === undefined ? [{ kind: 'block' }] : [{ kind: 'number', text }]; } },
  { pattern: `(${EN_NUMBERS.join('|')}|${ZH_NUMBER})`, symbols: (m) => [{ kind: 'number', text: String(wholeOf(m[1]!)) }] },
];
