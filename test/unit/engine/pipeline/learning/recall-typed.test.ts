import { describe, expect, it } from 'vitest';
import { categorySpecs } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import { LabelIndex } from '../../../../../src/engine/pipeline/fields/phrase-role.js';
import { typedValues } from '../../../../../src/engine/pipeline/fields/typed-candidates.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { recallFor } from '../../../../../src/engine/pipeline/learning/field-recall.js';
import { FIRST_RECEIPT, merchantReceipt } from '../../../../fixtures/learning-receipts.js';
import { learned, RECEIPT_FIELDS, receiptDocument, typed, valuesOf } from './learning-fixture.js';

const TOTAL = categorySpecs(RECEIPT_FIELDS).fields.find((s) => s.key === 'Total')!;

/** A hardware shop's receipt whose total is printed again as the cash paid when paid exactly. */
function paidReceipt(total: string, cash: string, summary?: string): ReturnType<typeof receiptDocument> {
  const row = (label: string, amount: string) => `${label.padEnd(30)}${amount}`;
  const foot = summary === undefined ? [] : ['GST SUMMARY', row('AMOUNT INCL GST', summary)];
  return receiptDocument({ lines: ['GUNUNG BIRU HARDWARE SDN BHD', 'NO 22, JALAN PERDANA 9,', '81100 JOHOR BAHRU', row('PAKU 2 INCI', '5.00'), row('SERVICE', '1.40'), row('TOTAL', total), row('CASH', cash), row('CHANGE', '0.00'), ...foot, '14/02/2019 16:05'] });
}

/** The Total the learned receipts recall on a page: its value and confidence. */
function recalledTotal(page: ReturnType<typeof receiptDocument>, teachers: readonly ReturnType<typeof learned>[]) {
  const recall = recallFor(page, teachers)!;
  const rows = rowsOf(page);
  const [candidate] = recall.candidates(TOTAL, () => typedValues(rows, new LabelIndex()));
  return candidate && { value: candidate.value, confidence: candidate.confidence };
}

describe('recalling a date or an amount by its place', () => {
  const teacher = learned(paidReceipt('6.40', '6.40'), typed({ ...FIRST_RECEIPT.values, Total: '6.40' }));

  it('learns every place a value printed several times stands at', () => {
    const memory = teacher.fields.find((f) => f.key === 'Total')!;
    expect(memory.ambiguous).toBe(true);
    expect(memory.alsoAt).toHaveLength(1);
  });

  it('recalls a total printed again as the cash paid surely when both places agree again', () => {
    expect(recalledTotal(paidReceipt('9.10', '9.10'), [teacher])).toEqual({ value: '9.10', confidence: 0.935 });
  });

  it('recalls a total surer than amounts that add up when three of its places agree again', () => {
    const summed = learned(paidReceipt('6.40', '6.40', '6.40'), typed({ ...FIRST_RECEIPT.values, Total: '6.40' }));
    expect(recalledTotal(paidReceipt('9.10', '9.10', '9.10'), [summed])).toEqual({ value: '9.10', confidence: 0.945 });
  });

  it('recalls it only as a guess when the places disagree (cash paid over the total)', () => {
    const recalled = recalledTotal(paidReceipt('9.10', '10.00'), [teacher]);
    expect(recalled?.confidence).toBe(0.9);
  });

  it('reads a total at its remembered place though OCR spaced its decimal point', () => {
    const spaced = merchantReceipt({ date: '12/06/2019', total: '23 .40', items: [['MEE GORENG', '9.50'], ['KOPI O', '9.40']] });
    const page = receiptDocument(spaced);
    expect(valuesOf(page).Total).not.toBe('23.40');
    expect(valuesOf(page, recallFor(page, [learned(receiptDocument(FIRST_RECEIPT), typed(FIRST_RECEIPT.values))])).Total).toBe('23.40');
  });
});
