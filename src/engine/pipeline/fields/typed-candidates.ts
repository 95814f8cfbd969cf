import { rowHeight, rowText, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex, findTermLoosely, hasWord } from '../document/text-match.js';
import { readingOrder, type Candidate } from './candidate.js';
import type { LabelIndex, PhraseOwner } from './phrase-role.js';
import { ROUNDING_WORDS, type FieldRole } from '../words/role-vocabulary.js';
import { outsideInvoiceAmounts, type AmountBreakdown, type AmountRole } from './amount-breakdown.js';
import type { SlashOrder } from '../../../shared/text/datetime.js';
import { findAmounts, findDates } from './value-parsers.js';
import type { TypedValue } from './typed-value.js';

// A label above its value is at most this many text heights over it.
const MAX_LABEL_ABOVE_GAP = 1.5;
const LETTER = /\p{L}/u;
const ROWS_AFTER_ROUNDING = 2;

/** Every date and amount on the pages, each with the label phrase before it or above it; an ambiguous slash date in the document's order. */
export function typedValues(rows: readonly VisualRow[][], labels: LabelIndex, slashes: SlashOrder = 'day-first'): TypedValue[] {
  const found: TypedValue[] = [];
  rows.forEach((pageRows, p) => {
    const roundingRows = pageRows.flatMap((row, r) => (isRoundingRow(rowText(row), labels) ? [r] : []));
    pageRows.forEach((row, r) => {
      const afterRounding = roundingRows.some((at) => r > at && r - at <= ROWS_AFTER_ROUNDING);
      let rowPrefix = '';
      row.segments.forEach((segment, s) => {
        const add = (kind: TypedValue['kind'], start: number, end: number, parsed: string | number, value: string, decimals: boolean, spacedDecimals = false) => {
          const cut = sliceSegment(segment, codePointIndex(segment.text, start), codePointIndex(segment.text, end));
          if (!cut) return;
          const phrase = rowPrefix + segment.text.slice(0, start);
          const base = { kind, value, parsed, decimals, ...(spacedDecimals ? { spacedDecimals } : {}), segment: cut, order: readingOrder(p, r, s), row: r, endInRow: rowPrefix.length + end, afterRounding, phrase };
          // A label names the first value after it: "CASH  TOTAL  33.90  50.00" read as one row gives 50.00 no label.
          const previous = found.findLast((v) => v.kind === kind && v.row === r && v.segment.page === p);
          if (previous?.decimals && previous.owner && !previous.labelAbove && !LETTER.test(phrase.slice(previous.endInRow))) {
            found.push({ ...base, owner: undefined, labelAbove: false });
            return;
          }
          const labelAbove = !LETTER.test(phrase);
          const owner = labelAbove ? ownerAbove(pageRows, r, cut, labels, kind) : labels.owner(phrase, kind);
          found.push({ ...base, owner, labelAbove: labelAbove && owner !== undefined });
        };
        const dates = findDates(segment.text, slashes);
        for (const d of dates) add('date', d.start, d.end, d.iso, segment.text.slice(d.start, d.end), true);
        for (const a of findAmounts(segment.text)) {
          if (!dates.some((d) => a.start < d.end && a.end > d.start)) add('amount', a.start, a.end, a.value, a.printed, a.decimals, a.spacedDecimals);
        }
        rowPrefix += `${segment.text} `;
      });
    });
  });
  return found;
}

/**
 * A cash rounding line ("Rounding adj. -0.02"): a rounding word that no other amount's label owns; a
 * word a scan's OCR split or misread a letter of ("Roundi ng Adj") counts where no label is read at all.
 */
function isRoundingRow(text: string, labels: LabelIndex): boolean {
  if (ROUNDING_WORDS.some((w) => hasWord(text, w))) return labels.owner(text, 'amount')?.role === 'other';
  return ROUNDING_WORDS.some((w) => findTermLoosely(text, w).length > 0) && labels.owner(text, 'amount') === undefined;
}

/** The label of a value standing alone: the segments of the row just above that overlap it across. */
function ownerAbove(rows: readonly VisualRow[], r: number, value: Segment, labels: LabelIndex, kind: TypedValue['kind']): PhraseOwner {
  const above = rows[r - 1];
  if (!above || rows[r]!.top - above.bottom > MAX_LABEL_ABOVE_GAP * rowHeight(rows[r]!)) return undefined;
  const over = above.segments.filter((s) => s.left < value.right && s.right > value.left);
  return over.length === 0 ? undefined : labels.owner(over.map((s) => s.text).join(' '), kind);
}

/** How sure a typed value is a value of the role, from its label; 0 when it is another role's. */
export const TYPED_CONFIDENCE = { agreeing: 0.94, labelled: 0.92, labelAbove: 0.85, afterRounding: 0.95, unlabelledAfterRounding: 0.94, firstDate: 0.75, soleDate: 0.9, otherDate: 0.55, unlabelledAmount: 0.3, noDecimals: 0.8, spacedDecimals: 0.9 } as const;

const TYPE_OF_ROLE: Partial<Record<FieldRole, TypedValue['kind']>> = { date: 'date', due_date: 'date', subtotal: 'amount', tax: 'amount', total: 'amount', amount_due: 'amount' };

/**
 * Candidates for a date or amount role from the typed values of the pages. The amounts that add up
 * (amount-breakdown.ts) are those roles whatever their labels say ("Net Total" is a subtotal on a UK
 * invoice, a total on a Malaysian receipt); an amount printed where no amount of the invoice stands
 * (share capital, bank, cash given, change) is none.
 */
export function typedCandidates(role: FieldRole, values: readonly TypedValue[], breakdown?: AmountBreakdown): Candidate[] {
  const kind = TYPE_OF_ROLE[role];
  if (!kind) return [];
  const own = values.filter((v) => v.kind === kind && !(kind === 'amount' && outsideInvoiceAmounts(v.phrase)));
  const unlabelledDates = own.filter((v) => v.owner === undefined);
  const firstUnlabelledDate = unlabelledDates[0];
  // The one date a page prints without a label is its date; with others beside it, the first is only likelier.
  const firstDate = unlabelledDates.every((v) => v.parsed === firstUnlabelledDate?.parsed) ? TYPED_CONFIDENCE.soleDate : TYPED_CONFIDENCE.firstDate;
  return own.flatMap((v) => {
    const labelled = labelConfidence(role, v, v === firstUnlabelledDate ? firstDate : TYPED_CONFIDENCE.otherDate) * (v.decimals ? 1 : TYPED_CONFIDENCE.noDecimals) * (v.spacedDecimals ? TYPED_CONFIDENCE.spacedDecimals : 1);
    const confidence = breakdown?.[role as AmountRole] === v ? Math.max(labelled, TYPED_CONFIDENCE.agreeing) : labelled;
    if (confidence === 0) return [];
    const typed = { labelAbove: v.labelAbove, noDecimals: v.kind === 'amount' && !v.decimals, spacedDecimals: v.spacedDecimals === true, afterRounding: v.afterRounding };
    return [{ value: v.value, page: v.segment.page, boxes: v.segment.boxes, confidence, labelLength: v.owner ? Array.from(v.owner.label).length : 0, order: v.order, typed }];
  });
}

// A total printed under a rounding adjustment is the amount paid: it wins over the total above it.
function labelConfidence(role: FieldRole, v: TypedValue, unlabelledDate: number): number {
  const rounded = role === 'total' && v.afterRounding;
  if (v.owner?.role === role) return rounded ? TYPED_CONFIDENCE.afterRounding : v.labelAbove ? TYPED_CONFIDENCE.labelAbove : TYPED_CONFIDENCE.labelled;
  if (v.owner !== undefined) return 0;
  if (role === 'date') return unlabelledDate;
  if (role === 'total' && v.decimals) return rounded ? TYPED_CONFIDENCE.unlabelledAfterRounding : TYPED_CONFIDENCE.unlabelledAmount;
  return 0;
}
