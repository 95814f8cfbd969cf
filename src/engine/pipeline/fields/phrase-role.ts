import { findTerm } from '../document/text-match.js';
import { BLOCKING_LABELS, PAGE_LABELS, VALUE_TYPE, type FieldRole, type ValueType } from '../words/role-vocabulary.js';

/** A printed label and the role it names: 'other' is a label no role takes (cash, change, qty). */
export type OwnedLabel = { role: FieldRole | 'other'; label: string };
export type PhraseOwner = OwnedLabel | undefined;

const STANDARD: OwnedLabel[] = [
  ...Object.entries(PAGE_LABELS).flatMap(([role, texts]) => texts.map((label) => ({ role: role as FieldRole, label }))),
  ...BLOCKING_LABELS.map((label) => ({ role: 'other' as const, label })),
];

const lengthOf = (text: string) => Array.from(text).length;

/**
 * Every label a document may print: the roles' standard labels and the category's own (a field's
 * name and aliases, under the field's role). The longest label at a place owns it.
 */
export class LabelIndex {
  private readonly labels: OwnedLabel[];

  /** `mayBePrinted` leaves out labels the document cannot hold, so that each lookup tries only the few it may. */
  constructor(own: readonly OwnedLabel[] = [], mayBePrinted: (label: string) => boolean = () => true) {
    this.labels = [...own, ...STANDARD].filter((l) => mayBePrinted(l.label)).sort((a, b) => lengthOf(b.label) - lengthOf(a.label));
  }

  /**
   * The role of the label words before a value ("Total Sales (Excluding GST):" is a subtotal, "Total
   * Qty" nobody's): the longest label found in the phrase, the last one printed on a tie. Given the
   * kind of the value, only labels of that kind count ("Due" before an amount is no due date).
   */
  owner(phrase: string, kind?: ValueType): PhraseOwner {
    let best: (OwnedLabel & { length: number; start: number }) | undefined;
    for (const label of this.labels) {
      if (kind && label.role !== 'other' && VALUE_TYPE[label.role] !== kind) continue;
      const length = lengthOf(label.label);
      if (best && length < best.length) break;
      for (const m of findTerm(phrase, label.label)) if (!best || m.start > best.start) best = { ...label, length, start: m.start };
    }
    return best && { role: best.role, label: best.label };
  }

  /** The text is nothing but a label and its separator ("Customer", "Net Total:", "发票代码："). */
  isWholeLabel(text: string): boolean {
    const trimmed = text.trim().replace(/\s*[:：]$/u, '');
    return this.labels.some((l) => findTerm(trimmed, l.label).some((m) => m.start === 0 && m.end === trimmed.length));
  }

  /**
   * A longer label printed over a found label's place ("Total" inside "Total qty", "Date" inside "Due
   * date", "No." inside "VAT No.": the found label's full stop may stand past the longer one's end).
   */
  covering(text: string, start: number, end: number): OwnedLabel | undefined {
    const own = lengthOf(text.slice(start, end));
    const core = text.slice(start, end).endsWith('.') && end - start > 1 ? end - 1 : end;
    for (const label of this.labels) {
      if (lengthOf(label.label) <= own) return undefined;
      if (findTerm(text, label.label).some((m) => m.start <= start && m.end >= core)) return label;
    }
    return undefined;
  }
}
