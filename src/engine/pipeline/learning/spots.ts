import type { TypedValue } from '../fields/typed-value.js';
import { unionOf } from '../layout/box.js';
import type { PageChar } from './page-text.js';
import type { Spot } from './value-place.js';

/** A date or an amount of the page as a spot, ranked among the values of its kind on its row. */
export function spotOfTyped(value: TypedValue, all: readonly TypedValue[]): Spot {
  const { segment } = value;
  const rankFromRight = all.filter((v) => v.kind === value.kind && v.row === value.row && v.segment.page === segment.page && v.segment.left > segment.left).length;
  return { page: segment.page, firstRow: value.row, lastRow: value.row, box: [segment.left, segment.top, segment.right, segment.bottom], text: value.value, rankFromRight };
}

/** A stretch of the page's characters as a spot (it may run over several rows: an address). */
export function spotOfChars(chars: readonly PageChar[], text: string): Spot {
  const first = chars[0]!;
  const own = chars.filter((c) => c.page === first.page);
  return { page: first.page, firstRow: first.row, lastRow: own[own.length - 1]!.row, box: unionOf(own.map((c) => c.box)), text, rankFromRight: 0 };
}

/** The value as its kind compares it: a date's calendar day, an amount in cents. */
export function typedKey(value: TypedValue): string {
  return value.kind === 'date' ? String(value.parsed) : String(Math.round((value.parsed as number) * 100));
}
