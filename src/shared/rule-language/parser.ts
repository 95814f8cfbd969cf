import type { ArithOp, CompareOp, Node } from './ast.js';
import { CheckSyntaxError } from './check-syntax-error.js';
import { FUNCTION_SIGNATURES, isFunctionName } from './function-signatures.js';
import { tokenize, type Token } from './lexer.js';

const COMPARE_OPS: readonly string[] = ['=', '!=', '<', '<=', '>', '>='];
const KEYWORDS: readonly string[] = ['and', 'or', 'not', 'contains', 'matches', 'is', 'empty', 'true', 'false'];

/** Reads one check expression into a tree, or throws a CheckSyntaxError saying where and what was expected. */
export function parseCheck(source: string): Node {
  const parser = new Parser(source, tokenize(source));
  const tree = parser.expression();
  parser.expectEnd();
  return tree;
}

/**
 * Recursive descent, loosest binding first:
 * or < and < not < one comparison / contains / matches / is empty < + - < * / < unary minus < values.
 */
class Parser {
  private at = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  expression(): Node {
    return this.binaryLogic('or', () => this.binaryLogic('and', () => this.negation()));
  }

  expectEnd(): void {
    if (this.peek().kind !== 'end') this.fail('an operator, \'and\', \'or\' or the end of the check');
  }

  private binaryLogic(op: 'and' | 'or', operand: () => Node): Node {
    let left = operand();
    while (this.isWord(op)) {
      this.next();
      const right = operand();
      left = { kind: 'logic', op, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private negation(): Node {
    if (!this.isWord('not')) return this.predicate();
    const start = this.next().start;
    const operand = this.negation();
    return { kind: 'not', operand, start, end: operand.end };
  }

  private predicate(): Node {
    const left = this.additive();
    const token = this.peek();
    if (token.kind === 'op' && COMPARE_OPS.includes(token.value)) {
      this.next();
      const right = this.additive();
      const node: Node = { kind: 'compare', op: token.value as CompareOp, left, right, start: left.start, end: right.end };
      const again = this.peek();
      if (again.kind === 'op' && COMPARE_OPS.includes(again.value)) this.fail("'and' between two comparisons (a = b and b = c)");
      return node;
    }
    if (this.isWord('is')) return this.emptiness(left);
    const negated = this.isWord('not') && this.isWordAt(1, 'contains', 'matches');
    if (negated) this.next();
    if (this.isWord('contains') || this.isWord('matches')) {
      const op = this.next().value as 'contains' | 'matches';
      const pattern = this.additive();
      return { kind: 'match', op, negated, subject: left, pattern, start: left.start, end: pattern.end };
    }
    return left;
  }

  private emptiness(subject: Node): Node {
    this.next();
    const negated = this.isWord('not');
    if (negated) this.next();
    if (!this.isWord('empty')) this.fail(`'empty' after '${negated ? 'is not' : 'is'}'`);
    const end = this.next().end;
    return { kind: 'empty', negated, subject, start: subject.start, end };
  }

  private additive(): Node {
    return this.arithmetic(['+', '-'], () => this.arithmetic(['*', '/'], () => this.unary()));
  }

  private arithmetic(ops: readonly ArithOp[], operand: () => Node): Node {
    let left = operand();
    for (let t = this.peek(); t.kind === 'op' && (ops as readonly string[]).includes(t.value); t = this.peek()) {
      this.next();
      const right = operand();
      left = { kind: 'arith', op: t.value as ArithOp, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private unary(): Node {
    const token = this.peek();
    if (token.kind === 'op' && (token.value === '-' || token.value === '+')) {
      this.next();
      const operand = this.unary();
      return token.value === '-' ? { kind: 'negate', operand, start: token.start, end: operand.end } : operand;
    }
    return this.primary();
  }

  private primary(): Node {
    const token = this.peek();
    const span = { start: token.start, end: token.end };
    switch (token.kind) {
      case 'number':
        this.next();
        return { kind: 'number', text: token.value, ...span };
      case 'string':
        this.next();
        return { kind: 'text', value: token.value, ...span };
      case 'field':
        this.next();
        return { kind: 'field', name: token.value, ...span };
      case 'word':
        return this.wordValue(token);
      case 'op':
        if (token.value === '(') return this.parenthesized();
        return this.fail('a value');
      case 'end':
        return this.fail('a value');
    }
  }

  private parenthesized(): Node {
    const start = this.next().start;
    const inner = this.expression();
    const end = this.expectOp(')', "')' to close the '(' at character " + String(start + 1)).end;
    return { ...inner, start, end };
  }

  private wordValue(token: Token): Node {
    if (token.value === 'true' || token.value === 'false') {
      this.next();
      return { kind: 'bool', value: token.value === 'true', start: token.start, end: token.end };
    }
    // contains, matches and empty are words of the language and functions too: the parenthesis tells.
    if (this.isOpAt(1, '(') && (isFunctionName(token.value) || !KEYWORDS.includes(token.value))) return this.call();
    if (KEYWORDS.includes(token.value)) return this.fail('a value');
    return this.fail(`a value (write field names in brackets, e.g. [${this.source.slice(token.start, token.end)}]; functions take parentheses)`);
  }

  private call(): Node {
    const name = this.next();
    this.next(); // '('
    const args: Node[] = [];
    if (!this.isOpAt(0, ')')) {
      args.push(this.expression());
      while (this.isOpAt(0, ',')) {
        this.next();
        args.push(this.expression());
      }
    }
    const end = this.expectOp(')', "',' or ')' after an argument").end;
    const span = { start: name.start, end };
    if (name.value === 'field' || name.value === 'column') return this.fieldCall(name, args, span);
    if (!isFunctionName(name.value)) {
      throw new CheckSyntaxError(name.start, `a known function (${[...Object.keys(FUNCTION_SIGNATURES), 'field', 'column'].join(', ')})`, `'${name.value}'`);
    }
    const signature = FUNCTION_SIGNATURES[name.value];
    if (args.length < signature.min || args.length > signature.max) {
      throw new CheckSyntaxError(name.start, `${signature.usage}`, `${args.length} argument(s)`);
    }
    if (name.value === 'duplicates_in_workspace') {
      const stranger = args.find((a) => a.kind !== 'field');
      if (stranger) throw new CheckSyntaxError(stranger.start, 'a field in [brackets]: duplicates_in_workspace compares fields', `'${this.source.slice(stranger.start, stranger.end)}'`);
    }
    return { kind: 'call', name: name.value, args, ...span };
  }

  /** field("Name") and column("Table", "Column"): for names a bracket cannot hold. */
  private fieldCall(name: Token, args: readonly Node[], span: { start: number; end: number }): Node {
    const want = name.value === 'field' ? 1 : 2;
    const texts = args.map((a) => (a.kind === 'text' ? a.value : undefined));
    if (args.length !== want || texts.some((t) => t === undefined || t.trim() === '')) {
      throw new CheckSyntaxError(name.start, want === 1 ? 'field("Field name") with the name in quotes' : 'column("Table name", "Column name") with both names in quotes', `'${this.source.slice(span.start, span.end)}'`);
    }
    const [first, second] = texts as string[];
    return want === 1 ? { kind: 'field', name: first!.trim(), ...span } : { kind: 'field', table: first!.trim(), name: second!.trim(), ...span };
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.at + offset, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.at += 1;
    return token;
  }

  private isWord(word: string): boolean {
    return this.isWordAt(0, word);
  }

  private isWordAt(offset: number, ...words: string[]): boolean {
    const token = this.peek(offset);
    return token.kind === 'word' && words.includes(token.value);
  }

  private isOpAt(offset: number, op: string): boolean {
    const token = this.peek(offset);
    return token.kind === 'op' && token.value === op;
  }

  private expectOp(op: string, expected: string): Token {
    if (!this.isOpAt(0, op)) this.fail(expected);
    return this.next();
  }

  private fail(expected: string): never {
    throw new CheckSyntaxError(this.peek().start, expected, describe(this.peek(), this.source));
  }
}

function describe(token: Token, source: string): string {
  if (token.kind === 'end') return 'the end of the check';
  return `'${source.slice(token.start, token.end)}'`;
}
