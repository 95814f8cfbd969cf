/** Offsets into the check's text, end exclusive: the reasoning quotes a sub-expression by its span. */
export interface Span {
  start: number;
  end: number;
}

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';
export type ArithOp = '+' | '-' | '*' | '/';

export type Node = Span &
  (
    | { kind: 'number'; text: string }
    | { kind: 'text'; value: string }
    | { kind: 'bool'; value: boolean }
    /** `[Name]`, `[Table.Column]`, field("Name") or column("Table", "Column"). */
    | { kind: 'field'; name: string; table?: string }
    | { kind: 'call'; name: string; args: Node[] }
    | { kind: 'negate'; operand: Node }
    | { kind: 'not'; operand: Node }
    | { kind: 'arith'; op: ArithOp; left: Node; right: Node }
    | { kind: 'logic'; op: 'and' | 'or'; left: Node; right: Node }
    | { kind: 'compare'; op: CompareOp; left: Node; right: Node }
    | { kind: 'match'; op: 'contains' | 'matches'; negated: boolean; subject: Node; pattern: Node }
    | { kind: 'empty'; negated: boolean; subject: Node }
  );

export type NodeOf<K extends Node['kind']> = Extract<Node, { kind: K }>;

export function childrenOf(node: Node): Node[] {
  switch (node.kind) {
    case 'call':
      return node.args;
    case 'negate':
    case 'not':
      return [node.operand];
    case 'arith':
    case 'logic':
    case 'compare':
      return [node.left, node.right];
    case 'match':
      return [node.subject, node.pattern];
    case 'empty':
      return [node.subject];
    default:
      return [];
  }
}
