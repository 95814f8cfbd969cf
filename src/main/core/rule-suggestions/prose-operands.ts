import { columnField, scalarField } from './field-roles.js';
import type { FieldTarget } from './field-targets.js';
import { SYMBOL_CODES, type ProseSymbol } from './prose-symbol.js';
import { join, literal, reference, type Written } from './written-check.js';

export const codeOf = (symbols: readonly ProseSymbol[]) => symbols.map((s) => SYMBOL_CODES[s.kind]).join('');

type FieldSymbol = Extract<ProseSymbol, { kind: 'field' }>;
const fieldsIn = (symbols: readonly ProseSymbol[]) => symbols.filter((s): s is FieldSymbol => s.kind === 'field');

/** Fields added up: "A plus B", "A与B之和". */
function fieldSum(symbols: readonly ProseSymbol[], all: readonly FieldTarget[]): Written | undefined {
  const targets = fieldsIn(symbols).map((f) => scalarField(f, all));
  if (targets.some((t) => t === undefined)) return undefined;
  const parts = targets.flatMap((t, i) => (i === 0 ? [reference(t!)] : [' + ', reference(t!)]));
  return join(parts);
}

function columnSum(symbols: readonly ProseSymbol[]): Written | undefined {
  const column = columnField(fieldsIn(symbols)[0]!);
  return column ? join(['sum(', reference(column), ')']) : undefined;
}

/**
 * One side of a comparison: a field, fields added up, a column's sum, a number, a date or today.
 * A "with" at either end is the sentence's, not the value's ("receipts with a total over 1,000").
 */
export function operandOf(symbols: readonly ProseSymbol[], all: readonly FieldTarget[]): Written | undefined {
  const start = symbols[0]?.kind === 'with' ? 1 : 0;
  const end = symbols.at(-1)?.kind === 'with' ? -1 : undefined;
  const core = symbols.slice(start, end);
  const code = codeOf(core);
  const only = core[0];
  if (code === 'n' && only?.kind === 'number') return literal(only.text);
  if (code === 'd' && only?.kind === 'date') return literal(`date("${only.iso}")`);
  if (code === 't') return literal('today()');
  if (/^f(?:pf)*$/u.test(code) || /^f(?:wf)+s$/u.test(code)) return fieldSum(core, all);
  // "line amounts add up to": a word for rows before the column tells it is the table's.
  if (/^o?fs$/u.test(code) || /^so?f$/u.test(code)) return columnSum(core);
  return undefined;
}
