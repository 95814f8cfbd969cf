import type { FieldTarget } from './field-targets.js';
import type { ProseSymbol } from './prose-symbol.js';

type FieldSymbol = Extract<ProseSymbol, { kind: 'field' }>;

/** One target of the wanted kind, or undefined when the words name none or several. */
function single(targets: readonly FieldTarget[]): FieldTarget | undefined {
  return targets.length === 1 ? targets[0] : undefined;
}

/**
 * A field read as one value. Words that name only table columns ("金额", a column's alias) mean
 * the one field whose name holds them ("合计金额"): a column is a list, never one value.
 */
export function scalarField(symbol: FieldSymbol, all: readonly FieldTarget[]): FieldTarget | undefined {
  if (symbol.targets.some((t) => t.kind !== 'column')) return single(symbol.targets.filter((t) => t.kind === 'field'));
  return single(all.filter((t) => t.kind === 'field' && t.terms.some((term) => term.normalize('NFKC').includes(symbol.text))));
}

/** A column summed as a whole. */
export function columnField(symbol: FieldSymbol): FieldTarget | undefined {
  return single(symbol.targets.filter((t) => t.kind === 'column'));
}

/** A table whose rows are counted. */
export function tableField(symbol: FieldSymbol): FieldTarget | undefined {
  return single(symbol.targets.filter((t) => t.kind === 'table'));
}
