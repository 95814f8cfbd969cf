import { dayText, type DayNumber } from './clerk-date.js';
import { decimalText, type Decimal } from './decimal.js';

/** A line of the recognized document, so that a match in document() can point at its box. */
export interface DocumentLineRef {
  text: string;
  page: number;
  vertices: number[];
}

/** What an expression evaluates to. A field's text stays text until an operator needs a number or a date. */
export type Value =
  | { type: 'empty' }
  | { type: 'text'; text: string; lines?: readonly DocumentLineRef[] }
  | { type: 'number'; value: Decimal }
  | { type: 'date'; day: DayNumber }
  | { type: 'bool'; value: boolean }
  /** A table column, a table's rows, or a multi-value field. */
  | { type: 'list'; items: readonly Value[] };

export const EMPTY: Value = { type: 'empty' };

export const bool = (value: boolean): Value => ({ type: 'bool', value });
export const num = (value: Decimal): Value => ({ type: 'number', value });

/** A field's text as a value: blank text is empty. */
export function textValue(text: string): Value {
  return text.trim() === '' ? EMPTY : { type: 'text', text };
}

const LIST_SHOWN = 8;

/** How the reasoning shows a value. */
export function showValue(value: Value): string {
  switch (value.type) {
    case 'empty':
      return '(empty)';
    case 'text':
      return value.lines ? '(the document text)' : `"${value.text}"`;
    case 'number':
      return decimalText(value.value);
    case 'date':
      return dayText(value.day);
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'list': {
      const shown = value.items.slice(0, LIST_SHOWN).map(showValue).join(', ');
      return `[${shown}${value.items.length > LIST_SHOWN ? `, … ${value.items.length} in all` : ''}]`;
    }
  }
}

/** How an error names the kind of a value. */
export function kindOf(value: Value): string {
  switch (value.type) {
    case 'empty':
      return 'empty';
    case 'text':
      return 'text';
    case 'number':
      return 'a number';
    case 'date':
      return 'a date';
    case 'bool':
      return 'a yes/no result';
    case 'list':
      return `a list of ${value.items.length} value(s)`;
  }
}
