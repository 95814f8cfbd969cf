import { readingOrder } from '../fields/candidate.js';
import type { TypedValue } from '../fields/typed-value.js';
import { findAmounts, findDates } from '../fields/value-parsers.js';
import { sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex } from '../document/text-match.js';

// OCR of thermal paper spaces a decimal point ("RM 73. 00", "48 .00"), reads a dollar sign as an S
// ("S8.20"), a date's separator as a space ("05 02-18") or runs a date into the time after it
// ("02-03-1847 23"). General extraction rightly does not take these for values (a "48" and an "00" are
// as often a count and a code); where a layout's confirmed documents printed a date or an amount, the
// page's text is read with these repairs.
const REPAIRS: readonly { pattern: RegExp; by: string }[] = [
  { pattern: /(?<=\d)\s+(?=[.,]\s*\d{2}(?!\d))|(?<=\d[.,])\s+(?=\d{2}(?!\d))/gu, by: '' },
  { pattern: /(?<![\p{L}\p{N}])S(?=\d)/gu, by: '$' },
  { pattern: /(?<=(?<!\d)\d{1,2}) (?=\d{1,2}[-/]\d{2}(?:\d{2})?(?!\d))/gu, by: '-' },
  { pattern: /(?<=(?<!\d)\d{1,2}[-/]\d{1,2}[-/](?!19|20)\d{2})(?=\d{2} ?:?\d{2}(?![\d:]))/gu, by: ' ' },
];

/** The page's dates and amounts (with decimals) that only a repair makes readable, beside the page's own `typed`. */
export function looseValues(rows: readonly VisualRow[][], typed: readonly TypedValue[]): TypedValue[] {
  return rows.flatMap((pageRows, p) =>
    pageRows.flatMap((row, r) => {
      let rowPrefix = '';
      return row.segments.flatMap((segment, s) => {
        const found = repairedValues(segment).map(({ kind, cut, start, end, parsed, value }): TypedValue => ({
          kind,
          value,
          parsed,
          decimals: true,
          segment: cut,
          owner: undefined,
          labelAbove: false,
          order: readingOrder(p, r, s),
          row: r,
          endInRow: rowPrefix.length + end,
          afterRounding: false,
          phrase: rowPrefix + segment.text.slice(0, start),
        }));
        rowPrefix += `${segment.text} `;
        return found.filter((v) => !typed.some((t) => t.kind === v.kind && t.decimals && t.row === r && t.parsed === v.parsed && overlapping(t.segment, v.segment)));
      });
    }),
  );
}

function repairedValues(segment: Segment) {
  const { text, at } = REPAIRS.reduce(replaced, { text: segment.text, at: [...Array.from({ length: segment.text.length + 1 }, (_, i) => i)] });
  if (text === segment.text) return [];
  // As typedValues reads them: a date as printed, an amount without its currency marks.
  const dates = findDates(text).map((d) => ({ kind: 'date' as const, start: d.start, end: d.end, parsed: d.iso as string | number, value: text.slice(d.start, d.end) }));
  const amounts = findAmounts(text)
    .filter((a) => a.decimals && !dates.some((d) => a.start < d.end && a.end > d.start))
    .map((a) => ({ kind: 'amount' as const, start: a.start, end: a.end, parsed: a.value as string | number, value: a.printed }));
  return [...dates, ...amounts].flatMap((v) => {
    const [start, end] = [at[v.start]!, at[v.end]!];
    const cut = sliceSegment(segment, codePointIndex(segment.text, start), codePointIndex(segment.text, end));
    return cut ? [{ ...v, cut, start, end }] : [];
  });
}

/** A text with one repair made everywhere, and for each of its indices (and its end) the index in the original. */
function replaced(from: { text: string; at: number[] }, repair: (typeof REPAIRS)[number]): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  let next = 0;
  const put = (ch: string, index: number) => {
    text += ch;
    at.push(index);
  };
  const keep = (to: number) => {
    for (; next < to; next++) put(from.text[next]!, from.at[next]!);
  };
  for (const m of from.text.matchAll(repair.pattern)) {
    keep(m.index);
    for (const ch of repair.by) put(ch, from.at[m.index]!);
    next = m.index + m[0].length;
  }
  keep(from.text.length);
  at.push(from.at[from.text.length]!);
  return { text, at };
}

function overlapping(a: Segment, b: Segment): boolean {
  return a.page === b.page && a.left < b.right && b.left < a.right;
}
