import { describe, expect, it } from 'vitest';
import type { Node } from '../../../../src/shared/rule-language/ast.js';
import { checkLinesOf } from '../../../../src/shared/rule-language/check-lines.js';
import { CheckSyntaxError } from '../../../../src/shared/rule-language/check-syntax-error.js';
import { parseCheck } from '../../../../src/shared/rule-language/parser.js';

/** The tree as a compact s-expression, so that precedence is visible at a glance. */
function shape(node: Node): string {
  switch (node.kind) {
    case 'number':
      return node.text;
    case 'text':
      return JSON.stringify(node.value);
    case 'bool':
      return String(node.value);
    case 'field':
      return node.table === undefined ? `[${node.name}]` : `[${node.table}|${node.name}]`;
    case 'call':
      return `${node.name}(${node.args.map(shape).join(' ')})`;
    case 'negate':
      return `(neg ${shape(node.operand)})`;
    case 'not':
      return `(not ${shape(node.operand)})`;
    case 'arith':
    case 'logic':
    case 'compare':
      return `(${node.op} ${shape(node.left)} ${shape(node.right)})`;
    case 'match':
      return `(${node.negated ? 'not-' : ''}${node.op} ${shape(node.subject)} ${shape(node.pattern)})`;
    case 'empty':
      return `(${node.negated ? 'not-' : ''}empty ${shape(node.subject)})`;
  }
}

const parsed = (source: string) => shape(parseCheck(source));

function syntaxError(source: string): CheckSyntaxError {
  try {
    parseCheck(source);
  } catch (error) {
    expect(error).toBeInstanceOf(CheckSyntaxError);
    return error as CheckSyntaxError;
  }
  throw new Error(`'${source}' parsed`);
}

describe('checkLinesOf', () => {
  it('takes the lines that start with check: (any case, Chinese marker too) and leaves the prose', () => {
    const prompt = 'The total must add up.\ncheck: [Amount] + [Tax] = [Total]\n  CHECK :  [Total] > 0  \nPlease check: this is prose\n检查：[Tax] >= 0';
    expect(checkLinesOf(prompt)).toEqual([
      { line: 2, source: '[Amount] + [Tax] = [Total]' },
      { line: 3, source: '[Total] > 0' },
      { line: 5, source: '[Tax] >= 0' },
    ]);
  });

  it('finds none in a prompt of prose only', () => {
    expect(checkLinesOf('Check that the seller is a known supplier')).toEqual([]);
  });
});

describe('parseCheck', () => {
  it('binds * / tighter than + -, and arithmetic tighter than comparison', () => {
    expect(parsed('[A] + [B] * 2 - [C] / 4 = [D]')).toBe('(= (- (+ [A] (* [B] 2)) (/ [C] 4)) [D])');
  });

  it('binds not tighter than and, and and tighter than or', () => {
    expect(parsed('not [A] > 1 or [B] < 2 and [C] != 3')).toBe('(or (not (> [A] 1)) (and (< [B] 2) (!= [C] 3)))');
    expect(parsed('(true or false) and false')).toBe('(and (or true false) false)');
  });

  it('reads every comparison operator and the spellings a clerk may type', () => {
    expect(['=', '==', '!=', '<>', '<', '<=', '>', '>=', '≠', '≤', '≥', '＝'].map((op) => parsed(`1 ${op} 2`))).toEqual([
      '(= 1 2)', '(= 1 2)', '(!= 1 2)', '(!= 1 2)', '(< 1 2)', '(<= 1 2)', '(> 1 2)', '(>= 1 2)', '(!= 1 2)', '(<= 1 2)', '(>= 1 2)', '(= 1 2)',
    ]);
    expect(parsed('[A] && ![B] || [C]')).toBe('(or (and [A] (not [B])) [C])');
    expect(parsed('[A] × 2 ÷ 4 − 1')).toBe('(- (/ (* [A] 2) 4) 1)');
    expect(parsed('MAX（[T.A]，[T.B]） AND TRUE')).toBe('(and max([T.A] [T.B]) true)');
  });

  it('reads contains, matches, their negations and emptiness', () => {
    expect(parsed('[Seller name] contains "Ltd"')).toBe('(contains [Seller name] "Ltd")');
    expect(parsed('[Seller name] not contains \'Ltd\'')).toBe('(not-contains [Seller name] "Ltd")');
    expect(parsed('[Code] matches "^\\\\d{10}$"')).toBe('(matches [Code] "^\\\\d{10}$")');
    expect(parsed('[Code] not matches “^A”')).toBe('(not-matches [Code] "^A")');
    expect(parsed('[Buyer tax ID] is empty or [Buyer tax ID] is not empty')).toBe('(or (empty [Buyer tax ID]) (not-empty [Buyer tax ID]))');
  });

  it('reads literals: numbers with a percent sign, texts with escapes, unary minus', () => {
    expect(parsed('[Tax rate] = 13%')).toBe('(= [Tax rate] 13%)');
    expect(parsed('"say \\"hi\\""')).toBe('"say \\"hi\\""');
    expect(parsed('-[A] = --1')).toBe('(= (neg [A]) (neg (neg 1)))');
    expect(parsed('+.5')).toBe('.5');
  });

  it('reads fields in brackets, Chinese brackets, field() and column()', () => {
    expect(parsed('[ Line items.Amount ]')).toBe('[Line items.Amount]');
    expect(parsed('【金额】 > 0')).toBe('(> [金额] 0)');
    expect(parsed('field("Odd ] name") = column("Line items", "Amount")')).toBe('(= [Odd ] name] [Line items|Amount])');
  });

  it('keeps each node\'s place in the source, for quoting in the reasoning', () => {
    const tree = parseCheck('sum([Line items.Amount]) = ([Amount])');
    expect(tree).toMatchObject({ kind: 'compare', start: 0, end: 37, left: { start: 0, end: 24 }, right: { start: 27, end: 37 } });
  });

  it.each([
    ['[Amount] +', 10, 'a value', 'the end of the check'],
    ['[Amount] + * 2', 11, 'a value', "'*'"],
    ['([A] = 1', 8, "')' to close the '(' at character 1", 'the end of the check'],
    ['[A] = 1 [B]', 8, "an operator, 'and', 'or' or the end of the check", "'[B]'"],
    ['Total > 0', 0, 'a value (write field names in brackets, e.g. [Total]; functions take parentheses)', "'Total'"],
    ['summ([T.A])', 0, 'a known function', "'summ'"],
    ['sum([T.A], [T.B])', 0, 'sum([Table.Column])', '2 argument(s)'],
    ['today(1)', 0, 'today()', '1 argument(s)'],
    ['[A] = [B] = [C]', 10, "'and' between two comparisons (a = b and b = c)", "'='"],
    ['[A] is full', 7, "'empty' after 'is'", "'full'"],
    ['[A] = "open', 11, 'the closing " of the text that starts at character 7', 'the end of the check'],
    ['[A = 1', 6, 'the closing ] of the field name that starts at character 1', 'the end of the check'],
    ['[] = 1', 1, 'a field name inside the brackets', "']'"],
    ['[A] = 1 ; [B] = 2', 8, 'a value, a field in [brackets], a function or an operator', "';'"],
    ['duplicates_in_workspace("12")', 24, 'a field in [brackets]: duplicates_in_workspace compares fields', '\'"12"\''],
    ['field(Total)', 6, 'a value (write field names in brackets, e.g. [Total]; functions take parentheses)', "'Total'"],
    ['column("Line items")', 0, 'column("Table name", "Column name") with both names in quotes', '\'column("Line items")\''],
    ['', 0, 'a value', 'the end of the check'],
  ])('refuses %j at offset %i: expected %s, found %s', (source, offset, expected, found) => {
    const error = syntaxError(source);
    expect({ offset: error.offset, expected: error.expected, found: error.found }).toEqual({ offset, expected: expected.startsWith('a known function') ? expect.stringContaining(expected) : expected, found });
    expect(error.message).toBe(`at character ${offset + 1}: expected ${error.expected}, found ${found}`);
  });
});
