/**
 * The functions of the rule language and how many arguments each takes: the parser refuses a
 * wrong name or count before anything runs; the interpreter implements exactly these names.
 */
export const FUNCTION_SIGNATURES = {
  number: { min: 1, max: 1, usage: 'number(text)' },
  date: { min: 1, max: 1, usage: 'date(text)' },
  today: { min: 0, max: 0, usage: 'today()' },
  days_between: { min: 2, max: 2, usage: 'days_between(from, to)' },
  add_days: { min: 2, max: 2, usage: 'add_days(date, days)' },
  year: { min: 1, max: 1, usage: 'year(date)' },
  month: { min: 1, max: 1, usage: 'month(date)' },
  day: { min: 1, max: 1, usage: 'day(date)' },
  abs: { min: 1, max: 1, usage: 'abs(number)' },
  round: { min: 1, max: 2, usage: 'round(number, places)' },
  len: { min: 1, max: 1, usage: 'len(text)' },
  contains: { min: 2, max: 2, usage: 'contains(text, part)' },
  matches: { min: 2, max: 2, usage: 'matches(text, pattern)' },
  starts_with: { min: 2, max: 2, usage: 'starts_with(text, start)' },
  ends_with: { min: 2, max: 2, usage: 'ends_with(text, end)' },
  empty: { min: 1, max: 1, usage: 'empty(value)' },
  if: { min: 3, max: 3, usage: 'if(test, then, otherwise)' },
  sum: { min: 1, max: 1, usage: 'sum([Table.Column])' },
  avg: { min: 1, max: 1, usage: 'avg([Table.Column])' },
  count: { min: 1, max: 1, usage: 'count([Table]) or count([Table.Column])' },
  min: { min: 1, max: Infinity, usage: 'min([Table.Column]) or min(a, b, ...)' },
  max: { min: 1, max: Infinity, usage: 'max([Table.Column]) or max(a, b, ...)' },
  valid_tax_id: { min: 1, max: 1, usage: 'valid_tax_id(text)' },
  duplicates_in_workspace: { min: 1, max: Infinity, usage: 'duplicates_in_workspace([Field], ...)' },
  document: { min: 0, max: 0, usage: 'document()' },
} as const satisfies Record<string, { min: number; max: number; usage: string }>;

export type FunctionName = keyof typeof FUNCTION_SIGNATURES;

export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(FUNCTION_SIGNATURES, name);
}
