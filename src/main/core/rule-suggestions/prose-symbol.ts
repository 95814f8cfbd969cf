import type { CompareOp } from '../../../shared/rule-language/ast.js';
import type { FieldTarget } from './field-targets.js';

/** Words that stand for themselves: no value with them. */
export type MarkKind = 'today' | 'future' | 'not' | 'may' | 'plus' | 'sum' | 'with' | 'same' | 'required' | 'empty' | 'valid' | 'rows' | 'negative' | 'positive' | 'age' | 'block';

/**
 * What a word or phrase of a rule means to the suggester. Each kind has a one-letter code: a
 * sentence reads as a short code string ("fcn": field, comparison, number) that shapes match.
 */
export type ProseSymbol =
  | { kind: 'field'; text: string; targets: FieldTarget[] }
  | { kind: 'number'; text: string }
  | { kind: 'date'; iso: string }
  | { kind: 'compare'; op: CompareOp }
  /** A count of digits, of characters, of days; a calendar year. */
  | { kind: 'digits' | 'chars' | 'days' | 'year'; count: number }
  | { kind: 'starts'; text: string }
  | { kind: MarkKind };

export const SYMBOL_CODES: Readonly<Record<ProseSymbol['kind'], string>> = {
  field: 'f',
  number: 'n',
  date: 'd',
  compare: 'c',
  digits: 'g',
  chars: 'h',
  days: 'x',
  year: 'Y',
  starts: 'a',
  today: 't',
  future: 'u',
  not: '!',
  may: 'm',
  plus: 'p',
  sum: 's',
  with: 'w',
  same: 'q',
  required: 'r',
  empty: 'e',
  valid: 'v',
  rows: 'o',
  negative: '-',
  positive: '+',
  age: 'y',
  block: 'b',
};
