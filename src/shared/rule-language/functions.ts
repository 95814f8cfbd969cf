import type { Node, NodeOf } from './ast.js';
import { CheckEvalError } from './check-eval-error.js';
import { dayParts, type DayNumber } from './clerk-date.js';
import { asBool, asDate, asNumber, asText, asWholeNumber } from './coerce.js';
import { abs, add, compare, decimalFromInt, decimalOf, divide, round, type Decimal } from './decimal.js';
import type { FunctionName } from './function-signatures.js';
import { checkTaxId } from '../invoice/tax-id.js';
import { bool, num, type DocumentLineRef, type Value } from './values.js';

/** What a check needs from outside the expression: the file's fields, its text, the date, the workspace. */
export interface CheckEnvironment {
  /** A field's value, recorded as used; throws CheckEvalError when the category has no such field. */
  field(node: NodeOf<'field'>): Value;
  /** The recognized text of the document, one line per line. */
  document(): Value;
  today(): DayNumber;
  /** How many documents uploaded to the workspace before this one have the same values in these fields, and which. */
  duplicates(fields: readonly NodeOf<'field'>[]): { count: number; note: string };
  /** A line of the document text a match was found on, recorded as used. */
  documentLine(line: DocumentLineRef): void;
}

/** A function call as its implementation sees it: arguments evaluated on demand (if() evaluates one branch). */
export interface CallScope {
  args: readonly Node[];
  arg(index: number): Value;
  /** The argument as written, in backticks, for messages. */
  quote(index: number): string;
  env: CheckEnvironment;
  /** A sentence the reasoning gives for this call. */
  note(text: string): void;
}

type FunctionImpl = (call: CallScope) => Value;

const date = (day: DayNumber): Value => ({ type: 'date', day });
const whole = (n: number): Value => num(decimalFromInt(n));

/** Case and width do not matter to contains, starts_with and ends_with. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** Tests text, or each line of document() (recording the lines that match). */
function textTest(call: CallScope, test: (text: string) => boolean): Value {
  const subject = call.arg(0);
  if (subject.type === 'text' && subject.lines) {
    const hits = subject.lines.filter((line) => test(line.text));
    hits.forEach((line) => call.env.documentLine(line));
    return bool(hits.length > 0);
  }
  return bool(test(asText(subject, call.quote(0))));
}

function pattern(call: CallScope, index: number): RegExp {
  const source = asText(call.arg(index), call.quote(index));
  try {
    return new RegExp(source, 'u');
  } catch (error) {
    throw new CheckEvalError(`${call.quote(index)} is not a valid pattern: ${(error as Error).message}`);
  }
}

export function isEmptyValue(value: Value): boolean {
  if (value.type === 'empty') return true;
  if (value.type === 'text') return value.text.trim() === '';
  if (value.type === 'list') return value.items.every(isEmptyValue);
  return false;
}

/**
 * The values an aggregate works on: a column's cells, or the arguments themselves. An empty one is
 * a value nobody read, not a zero: the aggregate cannot be told, and the error says where.
 */
function aggregateItems(call: CallScope): Value[] {
  if (call.args.length > 1) {
    const empty = call.args.findIndex((_, i) => isEmptyValue(call.arg(i)));
    if (empty >= 0) throw new CheckEvalError(`${call.quote(empty)} is empty, so the result cannot be told`);
    return call.args.map((_, i) => call.arg(i));
  }
  const items = listItems(call.arg(0));
  if (items.length === 0) throw new CheckEvalError(`${call.quote(0)} has no values (no table rows were extracted), so there is nothing to aggregate`);
  const empty = items.map((v, i) => (isEmptyValue(v) ? i + 1 : 0)).filter((row) => row > 0);
  if (empty.length > 0) throw new CheckEvalError(`${call.quote(0)} is empty in row ${empty.join(', ')}, so the result cannot be told`);
  return [...items];
}

function listItems(value: Value): readonly Value[] {
  return value.type === 'list' ? value.items : [value];
}

function numbers(call: CallScope): Decimal[] {
  return aggregateItems(call).map((v) => asNumber(v, `a value of ${call.quote(0)}`));
}

/** min and max over numbers, or over dates when the values are dates. */
function extreme(call: CallScope, pick: 1 | -1): Value {
  const items = aggregateItems(call);
  const what = `a value of ${call.quote(0)}`;
  if (items.some((v) => v.type === 'date')) {
    const days = items.map((v) => asDate(v, what));
    return date(pick === 1 ? Math.max(...days) : Math.min(...days));
  }
  const values = items.map((v) => asNumber(v, what));
  return num(values.reduce((best, v) => (compare(v, best) === pick ? v : best)));
}

export const FUNCTIONS: Readonly<Record<FunctionName, FunctionImpl>> = {
  number: (c) => num(asNumber(c.arg(0), c.quote(0))),
  date: (c) => date(asDate(c.arg(0), c.quote(0))),
  today: (c) => date(c.env.today()),
  days_between: (c) => whole(asDate(c.arg(1), c.quote(1)) - asDate(c.arg(0), c.quote(0))),
  add_days: (c) => date(asDate(c.arg(0), c.quote(0)) + asWholeNumber(c.arg(1), c.quote(1))),
  year: (c) => whole(dayParts(asDate(c.arg(0), c.quote(0))).year),
  month: (c) => whole(dayParts(asDate(c.arg(0), c.quote(0))).month),
  day: (c) => whole(dayParts(asDate(c.arg(0), c.quote(0))).day),
  abs: (c) => num(abs(asNumber(c.arg(0), c.quote(0)))),
  round: (c) => num(round(asNumber(c.arg(0), c.quote(0)), c.args.length > 1 ? asWholeNumber(c.arg(1), c.quote(1)) : 0)),
  len: (c) => whole([...asText(c.arg(0), c.quote(0)).trim()].length),
  contains: (c) => {
    const part = fold(asText(c.arg(1), c.quote(1)));
    return textTest(c, (text) => fold(text).includes(part));
  },
  matches: (c) => {
    const regex = pattern(c, 1);
    return textTest(c, (text) => regex.test(text));
  },
  starts_with: (c) => {
    const start = fold(asText(c.arg(1), c.quote(1)));
    return textTest(c, (text) => fold(text.trim()).startsWith(start));
  },
  ends_with: (c) => {
    const end = fold(asText(c.arg(1), c.quote(1)));
    return textTest(c, (text) => fold(text.trim()).endsWith(end));
  },
  empty: (c) => bool(isEmptyValue(c.arg(0))),
  if: (c) => (asBool(c.arg(0), c.quote(0)) ? c.arg(1) : c.arg(2)),
  sum: (c) => num(numbers(c).reduce(add)),
  avg: (c) => {
    const values = numbers(c);
    return num(divide(values.reduce(add), decimalFromInt(values.length)));
  },
  count: (c) => whole(listItems(c.arg(0)).filter((v) => !isEmptyValue(v)).length),
  min: (c) => extreme(c, -1),
  max: (c) => extreme(c, 1),
  valid_tax_id: (c) => {
    // An empty id is usually one extraction did not find: no verdict, rather than "invalid".
    if (isEmptyValue(c.arg(0))) throw new CheckEvalError(`${c.quote(0)} is empty, so whether it is a valid tax id cannot be told`);
    const text = asText(c.arg(0), c.quote(0));
    const verdict = checkTaxId(text);
    c.note(verdict.valid ? `${c.quote(0)} "${text}" is a valid tax id` : `${c.quote(0)} "${text}" is not a valid tax id: ${verdict.reason}`);
    return bool(verdict.valid);
  },
  duplicates_in_workspace: (c) => {
    const { count, note } = c.env.duplicates(c.args as NodeOf<'field'>[]);
    c.note(note);
    return whole(count);
  },
  document: (c) => c.env.document(),
};

/** The value of a number literal: 13% is 0.13. */
export function literalNumber(text: string): Value {
  return text.endsWith('%') ? num(divide(decimalOf(text.slice(0, -1)), decimalOf('100'))) : num(decimalOf(text));
}
