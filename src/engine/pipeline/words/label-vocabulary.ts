import { fold } from '../../../shared/text/fold.js';
import { findTerm } from '../document/text-match.js';

// After a label: an optional note in brackets ("价税合计（小写）"), then ':' / '：' or spacing.
const SEPARATOR = /^\s*(?:[(（][^)）]{0,10}[)）])?\s*([:：])?\s*/u;

export interface Separator {
  /** Code units the separator takes after the label. */
  length: number;
  colon: boolean;
}

export function separatorAt(text: string, index: number): Separator {
  const m = SEPARATOR.exec(fold(text.slice(index)))!;
  return { length: m[0].length, colon: m[1] !== undefined };
}

/**
 * Every label of a category (field names, aliases, table column names): a segment that is only a
 * label is not a value, and a value stops where another label with a colon starts.
 */
export class LabelVocabulary {
  private readonly labels: string[];

  constructor(labels: Iterable<string>) {
    this.labels = [...new Set([...labels].map((l) => l.trim()).filter((l) => l !== ''))];
  }

  /**
   * The text is a label of its own: alone or with its separator ("Amount", "发票代码：", "Tax rate (%)"),
   * or opening a "label: value" pair ("开票日期：2024/01/09"). Either way it is not another label's value.
   */
  opensWithLabel(text: string): boolean {
    const trimmed = text.trim();
    return this.labels.some((label) =>
      findTerm(trimmed, label).some((m) => {
        if (m.start !== 0) return false;
        const separator = separatorAt(trimmed, m.end);
        return separator.colon || m.end + separator.length >= trimmed.length;
      }),
    );
  }

  /** The text is exactly one of the labels: a loosely found label there is another field's ("发票号码" is no misread "发票代码"). */
  isExactLabel(text: string): boolean {
    const trimmed = text.trim();
    return this.labels.some((label) => findTerm(trimmed, label).some((m) => m.start === 0 && m.end === trimmed.length));
  }

  /** Where the value in `text` ends: before the first other label followed by a colon, past its start. */
  valueEnd(text: string): number {
    let end = text.length;
    for (const label of this.labels) {
      for (const m of findTerm(text, label)) {
        if (m.start > 0 && m.start < end && separatorAt(text, m.end).colon && /\s$|[\p{Script=Han}]$/u.test(text.slice(0, m.start))) end = m.start;
      }
    }
    return end;
  }
}
