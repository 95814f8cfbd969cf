import { childrenOf, type Node } from '../../src/shared/rule-language/ast.js';
import { parseCheck } from '../../src/shared/rule-language/parser.js';

const FLIPPED = { '>': '<', '>=': '<=' } as const;

/** A literal's value: 0, 0.00 and 0% are one number; 13% is 0.13. */
function numberMeaning(text: string): string {
  const percent = text.endsWith('%');
  const value = Number(percent ? text.slice(0, -1) : text) / (percent ? 100 : 1);
  return String(value);
}

/** Operands of a chain of one commutative operator, in a fixed order. */
function commuted(node: Node, same: (n: Node) => boolean): string[] {
  return (same(node) ? childrenOf(node).flatMap((child) => commuted(child, same)) : [meaningOf(node)]).sort();
}

/**
 * What a check means, as text: spans dropped, a > b read as b < a, the sides of = and != and the
 * operands of + * and or in a fixed order. Two checks with the same meaning are the same check.
 */
export function meaningOf(node: Node): string {
  switch (node.kind) {
    case 'number':
      return numberMeaning(node.text);
    case 'text':
      return JSON.stringify(node.value);
    case 'field':
      return node.table === undefined ? `[${node.name}]` : `[${node.table}.${node.name}]`;
    case 'compare': {
      if (node.op === '>' || node.op === '>=') return `${meaningOf(node.right)} ${FLIPPED[node.op]} ${meaningOf(node.left)}`;
      if (node.op === '=' || node.op === '!=') return `(${[meaningOf(node.left), meaningOf(node.right)].sort().join(` ${node.op} `)})`;
      return `${meaningOf(node.left)} ${node.op} ${meaningOf(node.right)}`;
    }
    case 'arith':
    case 'logic': {
      const op = node.op;
      if (op === '-' || op === '/') return `(${meaningOf(node.left)} ${op} ${meaningOf(node.right)})`;
      return `(${commuted(node, (n) => (n.kind === 'arith' || n.kind === 'logic') && n.op === op).join(` ${op} `)})`;
    }
    case 'call':
      return `${node.name}(${node.args.map(meaningOf).join(', ')})`;
    case 'match':
      return `${meaningOf(node.subject)} ${node.negated ? 'not ' : ''}${node.op} ${meaningOf(node.pattern)}`;
    case 'empty':
      return `${meaningOf(node.subject)} is ${node.negated ? 'not ' : ''}empty`;
    case 'negate':
      return `-${meaningOf(node.operand)}`;
    case 'not':
      return `not ${meaningOf(node.operand)}`;
    case 'bool':
      return String(node.value);
  }
}

/** The meanings of check lines, as a set: the order the lines come in does not matter. */
export function meaningsOf(checks: readonly string[]): string {
  return checks.map((c) => meaningOf(parseCheck(c))).sort().join('\n');
}
