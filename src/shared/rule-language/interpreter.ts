import { childrenOf, type CompareOp, type Node, type NodeOf } from './ast.js';
import { CheckEvalError } from './check-eval-error.js';
import { readClerkDate } from './clerk-date.js';
import { readClerkNumber } from './clerk-number.js';
import { asBool, asDate, asNumber, asWholeNumber } from './coerce.js';
import { add, compare, decimalFromInt, divide, isZero, multiply, negate, subtract } from './decimal.js';
import { FUNCTIONS, isEmptyValue, literalNumber, type CallScope, type CheckEnvironment } from './functions.js';
import { bool, num, showValue, type Value } from './values.js';

export interface CheckRun {
  holds: boolean;
  /** Sentences naming the values that decided the result: the compared sides, the functions' findings. */
  explanation: string[];
}

/** Evaluates a parsed check against one file; throws CheckEvalError when it cannot be decided. */
export function runCheck(tree: Node, source: string, env: CheckEnvironment): CheckRun {
  const evaluation = new Evaluation(source, env);
  const holds = asBool(evaluation.value(tree), evaluation.quote(tree));
  return { holds, explanation: [...new Set(evaluation.explain(tree))] };
}

const ORDERS: Readonly<Record<CompareOp, (c: -1 | 0 | 1) => boolean>> = {
  '=': (c) => c === 0,
  '!=': (c) => c !== 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
};

/** Texts are equal when they read the same: width, surrounding and repeated spaces do not count. */
const sameText = (text: string) => text.normalize('NFKC').trim().replace(/\s+/gu, ' ');
const isBoolOf = (value: Value | undefined, wanted: boolean) => value?.type === 'bool' && value.value === wanted;

/** Both sides are of one kind here (see comparable); empty equals only empty text. */
function orderOf(a: Value, b: Value): -1 | 0 | 1 {
  if (a.type === 'number' && b.type === 'number') return compare(a.value, b.value);
  if (a.type === 'date' && b.type === 'date') return a.day < b.day ? -1 : a.day > b.day ? 1 : 0;
  if (a.type === 'bool' && b.type === 'bool') return a.value === b.value ? 0 : 1;
  const text = (v: Value) => sameText(v.type === 'text' ? v.text : '');
  return text(a) === text(b) ? 0 : 1;
}
const isLiteral = (node: Node): boolean => ['number', 'text', 'bool'].includes(node.kind) || (node.kind === 'negate' && isLiteral(node.operand));

class Evaluation {
  private readonly values = new Map<Node, Value>();
  /** A comparison's two sides as they were compared (a field's text read as a number, say). */
  private readonly compared = new Map<Node, [Value, Value]>();
  private readonly notes = new Map<Node, string[]>();

  constructor(
    private readonly source: string,
    private readonly env: CheckEnvironment,
  ) {}

  quote(node: Node): string {
    return `\`${this.source.slice(node.start, node.end)}\``;
  }

  value(node: Node): Value {
    const known = this.values.get(node);
    if (known) return known;
    const value = this.compute(node);
    this.values.set(node, value);
    return value;
  }

  private compute(node: Node): Value {
    switch (node.kind) {
      case 'number':
        return literalNumber(node.text);
      case 'text':
        return { type: 'text', text: node.value };
      case 'bool':
        return bool(node.value);
      case 'field':
        return this.env.field(node);
      case 'call':
        return FUNCTIONS[node.name as keyof typeof FUNCTIONS](this.scope(node, node.args));
      case 'negate':
        return num(negate(asNumber(this.value(node.operand), this.quote(node.operand))));
      case 'not':
        return bool(!asBool(this.value(node.operand), this.quote(node.operand)));
      case 'arith':
        return this.arithmetic(node);
      case 'logic': {
        const left = asBool(this.value(node.left), this.quote(node.left));
        // Short-circuit: `empty([X]) or [X] > 0` never reads an empty [X] as a number.
        if (left === (node.op === 'or')) return bool(left);
        return bool(asBool(this.value(node.right), this.quote(node.right)));
      }
      case 'compare':
        return this.comparison(node);
      case 'match': {
        const found = asBool(FUNCTIONS[node.op](this.scope(node, [node.subject, node.pattern])), this.quote(node));
        return bool(found !== node.negated);
      }
      case 'empty':
        return bool(isEmptyValue(this.value(node.subject)) !== node.negated);
    }
  }

  private scope(node: Node, args: readonly Node[]): CallScope {
    return {
      args,
      arg: (i) => this.value(args[i]!),
      quote: (i) => this.quote(args[i]!),
      env: this.env,
      note: (text) => this.notes.set(node, [...(this.notes.get(node) ?? []), text]),
    };
  }

  /** Numbers, or a date and a number of days, or two dates giving the days between them. */
  private arithmetic(node: NodeOf<'arith'>): Value {
    const [l, r] = [this.value(node.left), this.value(node.right)];
    const [lq, rq] = [this.quote(node.left), this.quote(node.right)];
    if (l.type === 'date' && (node.op === '+' || node.op === '-')) {
      if (r.type === 'date' && node.op === '-') return num(decimalFromInt(l.day - r.day));
      const days = asWholeNumber(r, rq);
      return { type: 'date', day: l.day + (node.op === '+' ? days : -days) };
    }
    const [a, b] = [asNumber(l, lq), asNumber(r, rq)];
    switch (node.op) {
      case '+':
        return num(add(a, b));
      case '-':
        return num(subtract(a, b));
      case '*':
        return num(multiply(a, b));
      case '/':
        if (isZero(b)) throw new CheckEvalError(`${rq} is 0, and nothing can be divided by 0`);
        return num(divide(a, b));
    }
  }

  private comparison(node: NodeOf<'compare'>): Value {
    const [l, r] = [this.value(node.left), this.value(node.right)];
    const [lq, rq] = [this.quote(node.left), this.quote(node.right)];
    for (const [v, q] of [[l, lq], [r, rq]] as const) {
      if (v.type === 'list') throw new CheckEvalError(`${q} is a list of ${v.items.length} value(s); compare one value, e.g. sum(${q.slice(1, -1)}) or count(${q.slice(1, -1)})`);
    }
    const [a, b] = this.comparable(node.op, l, r, lq, rq);
    this.compared.set(node, [a, b]);
    return bool(ORDERS[node.op](orderOf(a, b)));
  }

  /** The comparison rules of docs/review-rules.md, "Comparing": the kinds of the two sides decide how they are read. */
  private comparable(op: CompareOp, l: Value, r: Value, lq: string, rq: string): [Value, Value] {
    const equality = op === '=' || op === '!=';
    if (l.type === 'bool' || r.type === 'bool') {
      if (!equality) throw new CheckEvalError(`${lq} and ${rq} are yes/no results; they can only be equal or not`);
      return [bool(asBool(l, lq)), bool(asBool(r, rq))];
    }
    const asNumbers = (): [Value, Value] => [num(asNumber(l, lq)), num(asNumber(r, rq))];
    const asDates = (): [Value, Value] => [{ type: 'date', day: asDate(l, lq) }, { type: 'date', day: asDate(r, rq) }];
    if (l.type === 'number' || r.type === 'number') return asNumbers();
    if (l.type === 'date' || r.type === 'date') return asDates();
    if (equality) return [l, r];
    if (l.type === 'text' && r.type === 'text') {
      if (readClerkNumber(l.text).ok && readClerkNumber(r.text).ok) return asNumbers();
      if (readClerkDate(l.text).ok && readClerkDate(r.text).ok) return asDates();
      throw new CheckEvalError(`${lq} and ${rq} are texts that are neither both numbers nor both dates, so they cannot be ordered`);
    }
    throw new CheckEvalError(`${l.type === 'empty' ? lq : rq} is empty, so it cannot be ordered`);
  }

  /** Sentences for the parts of the tree that decided its value; parts never evaluated say nothing. */
  explain(node: Node): string[] {
    const value = this.values.get(node);
    if (!value) return [];
    const notes = this.notes.get(node) ?? [];
    switch (node.kind) {
      case 'compare': {
        const sides = this.compared.get(node);
        const shown = sides ? [node.left, node.right].flatMap((side, i) => (isLiteral(side) ? [] : [`${this.quote(side)} is ${showValue(sides[i]!)}`])) : [];
        return [...shown, ...this.notesWithin(node.left), ...this.notesWithin(node.right)];
      }
      case 'logic': {
        // The value that settles the operator (false for and, true for or): the first child with it explains it all.
        const settling = node.op === 'or';
        const children = [node.left, node.right];
        if (value.type === 'bool' && value.value === settling) return this.explain(children.find((c) => isBoolOf(this.values.get(c), settling))!);
        return children.flatMap((c) => this.explain(c));
      }
      case 'not':
        return this.explain(node.operand);
      case 'match':
        return [...notes, ...this.shown(node.subject)];
      case 'empty':
        return this.shown(node.subject);
      case 'call':
        return notes.length > 0 ? notes : node.args.flatMap((a) => this.shown(a));
      default:
        return [];
    }
  }

  /** What functions inside a compared side found: an invalid tax id, duplicates. */
  private notesWithin(node: Node): string[] {
    return [...(this.notes.get(node) ?? []), ...childrenOf(node).flatMap((child) => this.notesWithin(child))];
  }

  private shown(node: Node): string[] {
    const value = this.values.get(node);
    if (!value || isLiteral(node) || (value.type === 'text' && value.lines)) return [];
    return [`${this.quote(node)} is ${showValue(value)}`];
  }
}
