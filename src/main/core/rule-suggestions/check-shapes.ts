import type { CompareOp } from '../../../shared/rule-language/ast.js';
import { scalarField, tableField } from './field-roles.js';
import type { FieldTarget } from './field-targets.js';
import { codeOf, operandOf } from './prose-operands.js';
import type { ProseSymbol } from './prose-symbol.js';
import { join, reference, type Written } from './written-check.js';

/** A sentence with its negations taken out: `negated` when it had an odd number of them. */
export interface Claim {
  symbols: ProseSymbol[];
  negated: boolean;
  all: readonly FieldTarget[];
}

type FieldSymbol = Extract<ProseSymbol, { kind: 'field' }>;
type Shape = (claim: Claim, parts: ProseSymbol[][]) => Written | undefined;

const OPPOSITE: Readonly<Record<CompareOp, CompareOp>> = { '=': '!=', '!=': '=', '<': '>=', '>=': '<', '>': '<=', '<=': '>' };
const AMOUNT_WORDS = /amount|total|tax|price|sum|fee|cost|deposit|金额|税额|合计|价|费|款|额/iu;
const DATE_WORDS = /date|日期/iu;
const TAX_ID_WORDS = /tax id|tax number|taxpayer|vat (?:id|number|no)|税号|纳税人识别号|信用代码/iu;

const opOf = (symbol: ProseSymbol | undefined, negated: boolean): CompareOp | undefined =>
  symbol?.kind === 'compare' ? (negated ? OPPOSITE[symbol.op] : symbol.op) : undefined;
const fieldAt = (part: ProseSymbol[] | undefined) => part?.[0] as FieldSymbol;
const scalar = (claim: Claim, part: ProseSymbol[] | undefined) => {
  const target = scalarField(fieldAt(part), claim.all);
  return target ? reference(target) : undefined;
};
const termsOf = (written: Written) => written.uses.flatMap((t) => [t.name, ...t.terms]).join(' ');
/** An optional "must be" ("应为", "is") before a format: only equality reads as one. */
const isOrAbsent = (part: ProseSymbol[] | undefined, negated: boolean) => !negated && (part?.length === 0 || opOf(part?.[0], false) === '=');

/** Equal texts compare as text; two amounts or two dates must be read as such (see Comparing). */
function comparison(left: Written, op: CompareOp, right: Written): Written {
  const bothFields = /^\[[^\]]*\]$/u.test(left.text) && /^\[[^\]]*\]$/u.test(right.text);
  if (!bothFields || (op !== '=' && op !== '!=')) return join([left, ` ${op} `, right]);
  const cast = [AMOUNT_WORDS, DATE_WORDS].find((words) => words.test(termsOf(left)) && words.test(termsOf(right)));
  const reader = cast === AMOUNT_WORDS ? 'number' : cast === DATE_WORDS ? 'date' : undefined;
  return reader ? join([`${reader}(`, left, `) ${op} `, right]) : join([left, ` ${op} `, right]);
}

function compared(claim: Claim, [left, cmp, right]: ProseSymbol[][], op = opOf(cmp?.[0], claim.negated)): Written | undefined {
  const [l, r] = [operandOf(left!, claim.all), operandOf(right!, claim.all)];
  if (!l || !r || !op || l.uses.length + r.uses.length === 0) return undefined;
  return comparison(l, op, r);
}

function rowCount(claim: Claim, table: ProseSymbol[] | undefined, cmp: ProseSymbol[] | undefined, count: ProseSymbol[] | undefined): Written | undefined {
  const target = tableField(fieldAt(table));
  const op = opOf(cmp?.[0], claim.negated);
  const n = count?.[0];
  return target && op && n?.kind === 'number' ? join(['count(', reference(target), `) ${op} ${n.text}`]) : undefined;
}

function emptiness(claim: Claim, [fields]: ProseSymbol[][], empty: boolean): Written | undefined {
  const written = (fields ?? []).filter((s) => s.kind === 'field').map((f) => scalar(claim, [f]));
  if (written.some((w) => w === undefined)) return undefined;
  const test = empty ? 'is empty' : 'is not empty';
  return join(written.flatMap((w, i) => [...(i === 0 ? [] : [' and ']), w!, ` ${test}`]));
}

const withZero = (op: CompareOp) => (claim: Claim, [f]: ProseSymbol[][]) => {
  const field = scalar(claim, f);
  return field && join([field, ` ${claim.negated ? OPPOSITE[op] : op} 0`]);
};

/**
 * The shapes, tried in order on the sentence's code (one letter per symbol, see SYMBOL_CODES);
 * each group of the pattern (with indices, flag d) hands its symbols to the writer.
 */
const SHAPES: readonly (readonly [RegExp, Shape])[] = [
  [/^(f)o?(c)(n)o?$/du, (claim, [t, c, n]) => rowCount(claim, t, c, n)],
  [/^(c)(n)o?(f)o?$/du, (claim, [c, n, t]) => rowCount(claim, t, c, n)],
  [/^(f(?:wf)*)e$/du, (claim, parts) => emptiness(claim, parts, !claim.negated)],
  [/^(f(?:wf)*)r$/du, (claim, parts) => (claim.negated ? undefined : emptiness(claim, parts, false))],
  [/^r(f(?:wf)*)$/du, (claim, parts) => (claim.negated ? undefined : emptiness(claim, parts, false))],
  [/^(f)-$/du, withZero('<')],
  [/^(f)\+$/du, withZero('>')],
  [/^(f)u$/du, (claim, [f]) => { const field = scalar(claim, f); return field && join([field, claim.negated ? ' <= today()' : ' > today()']); }],
  [/^(f)(c?)(g)$/du, (claim, [f, c, g]) => formatted(claim, f, c, g, (field, n) => join([field, ` matches "^\\d{${n}}$"`]))],
  [/^(f)(c?)(h)$/du, (claim, [f, c, h]) => formatted(claim, f, c, h, (field, n) => join(['len(', field, `) = ${n}`]))],
  [/^(f)(c?)(Y)$/du, (claim, [f, c, y]) => formatted(claim, f, c, y, (field, n) => join(['year(', field, `) = ${n}`]))],
  [/^(f)(a)$/du, (claim, [f, a]) => { const field = scalar(claim, f); const s = a?.[0]; return field && s?.kind === 'starts' && !claim.negated ? join(['starts_with(', field, `, "${s.text}")`]) : undefined; }],
  [/^(f)(c?)v$/du, (claim, [f, c]) => { const field = scalar(claim, f); return field && isOrAbsent(c, claim.negated) && TAX_ID_WORDS.test(termsOf(field)) ? join(['valid_tax_id(', field, ')']) : undefined; }],
  [/^(f)y(c)(x)$/du, (claim, [f, c, x]) => aged(claim, f, c, x)],
  [/^(f)(c)(x)y$/du, (claim, [f, c, x]) => aged(claim, f, c, x)],
  [/^([^c]+)(c)([^c]+)$/du, compared],
  [/^([^cq]+)w([^cq]+)q$/du, (claim, [l, r]) => compared(claim, [l!, [], r!], claim.negated ? '!=' : '=')],
];

function formatted(claim: Claim, f: ProseSymbol[] | undefined, c: ProseSymbol[] | undefined, counted: ProseSymbol[] | undefined, write: (field: Written, n: number) => Written): Written | undefined {
  const field = scalar(claim, f);
  const n = counted?.[0];
  return field && n && 'count' in n && isOrAbsent(c, claim.negated) ? write(field, n.count) : undefined;
}

function aged(claim: Claim, f: ProseSymbol[] | undefined, c: ProseSymbol[] | undefined, x: ProseSymbol[] | undefined): Written | undefined {
  const field = scalar(claim, f);
  const op = opOf(c?.[0], claim.negated);
  const days = x?.[0];
  return field && op && days?.kind === 'days' ? join(['days_between(', field, `, today()) ${op} ${days.count}`]) : undefined;
}

/** The check one sentence states, or undefined when it has no shape we read with confidence. */
export function checkOfClaim(claim: Claim): Written | undefined {
  const code = codeOf(claim.symbols);
  for (const [pattern, write] of SHAPES) {
    const match = pattern.exec(code);
    if (!match?.indices) continue;
    const parts = match.indices.slice(1).map((span) => (span ? claim.symbols.slice(span[0], span[1]) : []));
    const written = write(claim, parts);
    if (written) return written;
  }
  return undefined;
}
