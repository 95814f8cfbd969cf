import { describe, expect, it } from 'vitest';
import { extractCategory } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import { recallFor } from '../../../../../src/engine/pipeline/learning/field-recall.js';
import { FIRST_RECEIPT, SECOND_RECEIPT, merchantReceipt, otherMerchantReceipt } from '../../../../fixtures/learning-receipts.js';
import { learned, RECEIPT_FIELDS, receiptDocument, typed, valuesOf } from './learning-fixture.js';

describe('recallFor', () => {
  const first = receiptDocument(FIRST_RECEIPT);
  const second = receiptDocument(SECOND_RECEIPT);

  it('reads a second receipt of a learned layout, with its own values, where general extraction misses', () => {
    expect(valuesOf(second)).not.toEqual(SECOND_RECEIPT.values);
    expect(valuesOf(second, recallFor(second, [learned(first, typed(FIRST_RECEIPT.values))]))).toEqual(SECOND_RECEIPT.values);
  });

  it('leaves a receipt of another layout as general extraction reads it', () => {
    const other = receiptDocument(otherMerchantReceipt());
    expect(recallFor(other, [learned(first, typed(FIRST_RECEIPT.values))])).toBeUndefined();
  });

  it('learns a saved value at the position the clerk picked rather than where the same amount is printed first', () => {
    // The receipt prints 8.90 on rows 6 and 7; the clerk picked the second.
    const memory = learned(first, [{ key: 'Total', value: '8.90', position: boxOfLine(first, 7) }]);
    expect(memory.fields[0]!.place!.rowFromTop).toBe(7);
    expect(learned(first, [{ key: 'Total', value: '8.90', position: [] }]).fields[0]!.place!.rowFromTop).toBe(6);
  });

  it("answers a fixed text in the clerk's wording only where the page prints it closely", () => {
    const renamed = merchantReceipt({ date: '12/06/2019', total: '5.00', items: [['KOPI', '5.00']] });
    const misread = receiptDocument({ lines: renamed.lines.map((l) => l.replace('Kopi Teratai Dua', 'K0pi Terata1 Dua')) });
    const elsewhere = receiptDocument({ lines: renamed.lines.map((l) => l.replace('Kopi Teratai Dua', 'Kedai Sinar Pagi')) });
    const memories = [learned(first, typed(FIRST_RECEIPT.values))];
    expect(valuesOf(misread, recallFor(misread, memories)).Company).toBe('Kopi Teratai Dua');
    expect(valuesOf(elsewhere, recallFor(elsewhere, memories)).Company).not.toBe('Kopi Teratai Dua');
  });

  it('says which fields it answered and from how many confirmed documents', () => {
    const third = receiptDocument(merchantReceipt({ date: '01/07/2019', total: '4.20', items: [['AIR SIRAP', '4.20']] }));
    const recall = recallFor(third, [learned(first, typed(FIRST_RECEIPT.values)), learned(second, typed(SECOND_RECEIPT.values))])!;
    const fields = extractCategory(third, RECEIPT_FIELDS, { applyMerge: false }, recall).fields;
    expect(recall.reasons(fields)).toContain('Total: learned from 2 confirmed documents');
  });
});

/** The position of a printed line's second column (its amount), as a clerk's pick is saved. */
function boxOfLine(document: ReturnType<typeof receiptDocument>, line: number): { page: number; vertices: number[] }[] {
  const printed = document.pages[0]!.lines[line]!;
  const start = printed.text.lastIndexOf(' ') + 1;
  const chars = printed.charPositions.slice(start);
  const xs = chars.flatMap((v) => [v[0]!, v[2]!]);
  const ys = chars.flatMap((v) => [v[1]!, v[5]!]);
  const [l, t, r, b] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  return [{ page: 0, vertices: [l, t, r, t, r, b, l, b] }];
}
