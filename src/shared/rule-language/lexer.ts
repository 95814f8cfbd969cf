import { CheckSyntaxError } from './check-syntax-error.js';

export type TokenKind = 'number' | 'string' | 'field' | 'word' | 'op' | 'end';

export interface Token {
  kind: TokenKind;
  /** number: the digits as written ('13%' included); string and field: the content; word: lower case; op: the canonical operator. */
  value: string;
  /** Offsets into the check's text: start inclusive, end exclusive. */
  start: number;
  end: number;
}

/** Spellings a clerk may type for one operator: full-width punctuation from a Chinese keyboard, maths signs. */
const OPERATORS: readonly (readonly [string, string])[] = [
  ['==', '='],
  ['!=', '!='],
  ['<>', '!='],
  ['<=', '<='],
  ['>=', '>='],
  ['&&', 'and'],
  ['||', 'or'],
  ['≠', '!='],
  ['≤', '<='],
  ['≥', '>='],
  ['=', '='],
  ['＝', '='],
  ['<', '<'],
  ['>', '>'],
  ['!', 'not'],
  ['+', '+'],
  ['-', '-'],
  ['−', '-'],
  ['*', '*'],
  ['×', '*'],
  ['/', '/'],
  ['÷', '/'],
  ['(', '('],
  ['（', '('],
  [')', ')'],
  ['）', ')'],
  [',', ','],
  ['，', ','],
];

const QUOTES: Readonly<Record<string, string>> = { '"': '"', "'": "'", '“': '”', '‘': '’' };
const BRACKETS: Readonly<Record<string, string>> = { '[': ']', '【': '】' };

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const c = source[at]!;
    if (/\s/u.test(c)) {
      at += 1;
      continue;
    }
    const token = numberAt(source, at) ?? quotedAt(source, at) ?? fieldAt(source, at) ?? wordAt(source, at) ?? operatorAt(source, at);
    if (!token) throw new CheckSyntaxError(at, 'a value, a field in [brackets], a function or an operator', `'${c}'`);
    tokens.push(token);
    at = token.end;
  }
  tokens.push({ kind: 'end', value: '', start: source.length, end: source.length });
  return tokens;
}

/** Literals are plain: 1234.50, 13%, no grouping (a comma separates function arguments). */
function numberAt(source: string, at: number): Token | undefined {
  const match = /^(?:\d+(?:\.\d+)?|\.\d+)%?/u.exec(source.slice(at));
  return match ? { kind: 'number', value: match[0], start: at, end: at + match[0].length } : undefined;
}

function quotedAt(source: string, at: number): Token | undefined {
  const close = QUOTES[source[at]!];
  if (close === undefined) return undefined;
  let value = '';
  for (let i = at + 1; i < source.length; i++) {
    const c = source[i]!;
    // \" \' \\ escape; any other backslash stays, so that a pattern reads "^\d{8}$" as written.
    if (c === '\\' && ['"', "'", '\\', close].includes(source[i + 1] ?? '')) {
      value += source[++i];
      continue;
    }
    if (c === close) return { kind: 'string', value, start: at, end: i + 1 };
    value += c;
  }
  throw new CheckSyntaxError(source.length, `the closing ${close} of the text that starts at character ${at + 1}`, 'the end of the check');
}

function fieldAt(source: string, at: number): Token | undefined {
  const close = BRACKETS[source[at]!];
  if (close === undefined) return undefined;
  const end = source.indexOf(close, at + 1);
  if (end < 0) throw new CheckSyntaxError(source.length, `the closing ${close} of the field name that starts at character ${at + 1}`, 'the end of the check');
  const name = source.slice(at + 1, end).trim();
  if (name === '') throw new CheckSyntaxError(at + 1, 'a field name inside the brackets', `'${close}'`);
  return { kind: 'field', value: name, start: at, end: end + 1 };
}

function wordAt(source: string, at: number): Token | undefined {
  const match = /^[A-Za-z_][A-Za-z0-9_]*/u.exec(source.slice(at));
  return match ? { kind: 'word', value: match[0].toLowerCase(), start: at, end: at + match[0].length } : undefined;
}

function operatorAt(source: string, at: number): Token | undefined {
  const found = OPERATORS.find(([spelling]) => source.startsWith(spelling, at));
  if (!found) return undefined;
  // &&, || and ! read as the words they stand for.
  return { kind: /^[a-z]+$/u.test(found[1]) ? 'word' : 'op', value: found[1], start: at, end: at + found[0].length };
}
