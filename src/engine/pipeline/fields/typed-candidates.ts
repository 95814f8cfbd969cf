import { rowHeight, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex } from '../text-match.js';
import { readingOrder, type Candidate } from './candidate.js';
import type { LabelIndex, PhraseOwner } from './phrase-role.js';
import type { FieldRole } from './role-vocabulary.js';
import { findAmounts, findDates } from './value-parsers.js';

/** A date or an amount printed on the page, and whose label it sits under. */
export interface TypedValue {
  kind: 'date' | 'amount';
  value: string;
  /** The date (ISO) or the amount as a number. */
  parsed: string | number;
  /** An amount printed with its decimals: a bare integer is as often a count, a code or a misread amount. */
  decimals: boolean;
  segment: Segment;
  owner: PhraseOwner;
  /** The label is on the row above (a header grid), not on the value's own row. */
  labelAbove: boolean;
  order: number;
  row: number;
}

// A label above its value is at most this many text heights over it.
const MAX_LABEL_ABOVE_GAP = 1.5;
const LETTER = /\p{L}/u;

/** Every date and amount on the pages, each with the label phrase before it or above it. */
export function typedValues(rows: readonly VisualRow[][], labels: LabelIndex): TypedValue[] {
  const found: TypedValue[] = [];
  rows.forEach((pageRows, p) =>
    pageRows.forEach((row, r) =>
      row.segments.forEach((segment, s) => {
        const before = row.segments.slice(0, s).map((x) => x.text);
        const add = (kind: TypedValue['kind'], start: number, end: number, parsed: string | number, value: string, decimals = true) => {
          const cut = sliceSegment(segment, codePointIndex(segment.text, start), codePointIndex(segment.text, end));
          if (!cut) return;
          const phrase = [...before, segment.text.slice(0, start)].join(' ');
          const labelAbove = !LETTER.test(phrase);
          const owner = labelAbove ? ownerAbove(pageRows, r, cut, labels, kind) : labels.owner(phrase, kind);
          found.push({ kind, value, parsed, decimals, segment: cut, owner, labelAbove: labelAbove && owner !== undefined, order: readingOrder(p, r, s), row: r });
        };
        const dates = findDates(segment.text);
        for (const d of dates) add('date', d.start, d.end, d.iso, segment.text.slice(d.start, d.end));
        for (const a of findAmounts(segment.text)) {
          if (!dates.some((d) => a.start < d.end && a.end > d.start)) add('amount', a.start, a.end, a.value, a.printed, a.decimals);
        }
      }),
    ),
  );
  return found;
}

/** The label of a value standing alone: the segment of the row just above that overlaps it across. */
function ownerAbove(rows: readonly VisualRow[], r: number, value: Segment, labels: LabelIndex, kind: TypedValue['kind']): PhraseOwner {
  const above = rows[r - 1];
  if (!above || rows[r]!.top - above.bottom > MAX_LABEL_ABOVE_GAP * rowHeight(rows[r]!)) return undefined;
  const over = above.segments.filter((s) => s.left < value.right && s.right > value.left);
  return over.length === 0 ? undefined : labels.owner(over.map((s) => s.text).join(' '), kind);
}

/** How sure a typed value is a value of the role, from its label; 0 when it is another role's. */
export const TYPED_CONFIDENCE = { labelled: 0.92, labelAbove: 0.85, afterRounding: 0.95, unlabelledAfterRounding: 0.9, firstDate: 0.75, otherDate: 0.55, unlabelledAmount: 0.3, noDecimals: 0.8 } as const;

const TYPE_OF_ROLE: Partial<Record<FieldRole, TypedValue['kind']>> = { date: 'date', due_date: 'date', subtotal: 'amount', tax: 'amount', total: 'amount' };

/** Candidates for a date or amount role from the typed values of the pages. */
export function typedCandidates(role: FieldRole, values: readonly TypedValue[]): Candidate[] {
  const kind = TYPE_OF_ROLE[role];
  if (!kind) return [];
  const own = values.filter((v) => v.kind === kind);
  const firstUnlabelledDate = own.find((v) => v.owner === undefined);
  return own.flatMap((v) => {
    const confidence = confidenceFor(role, v, v === firstUnlabelledDate, own);
    if (confidence === 0) return [];
    return [{ value: v.value, page: v.segment.page, boxes: v.segment.boxes, confidence, labelLength: v.owner ? Array.from(v.owner.label).length : 0, order: v.order, reason: v.owner ? `label '${v.owner.label}'${v.labelAbove ? ' above' : ''}` : 'unlabelled' }];
  });
}

function confidenceFor(role: FieldRole, v: TypedValue, firstUnlabelled: boolean, all: readonly TypedValue[]): number {
  return labelConfidence(role, v, firstUnlabelled, all) * (v.decimals ? 1 : TYPED_CONFIDENCE.noDecimals);
}

// A total printed under a rounding adjustment is the amount paid: it wins over the total above it.
function labelConfidence(role: FieldRole, v: TypedValue, firstUnlabelled: boolean, all: readonly TypedValue[]): number {
  const rounded = role === 'total' && afterRounding(v, all);
  if (v.owner?.role === role) return rounded ? TYPED_CONFIDENCE.afterRounding : v.labelAbove ? TYPED_CONFIDENCE.labelAbove : TYPED_CONFIDENCE.labelled;
  if (v.owner !== undefined) return 0;
  if (role === 'date') return firstUnlabelled ? TYPED_CONFIDENCE.firstDate : TYPED_CONFIDENCE.otherDate;
  if (role === 'total' && v.decimals) return rounded ? TYPED_CONFIDENCE.unlabelledAfterRounding : TYPED_CONFIDENCE.unlabelledAmount;
  return 0;
}

/** An amount with no label on the rows just under a rounding adjustment: the total after rounding. */
function afterRounding(v: TypedValue, all: readonly TypedValue[]): boolean {
  return all.some((o) => o.owner?.role === 'other' && o.owner.label.startsWith('round') && o.segment.page === v.segment.page && v.row > o.row && v.row - o.row <= 2);
}
