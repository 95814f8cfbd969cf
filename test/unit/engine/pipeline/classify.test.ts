import { describe, expect, it } from 'vitest';
import { classify, scoreCategory, CLASSIFY_WEIGHTS, type ClassifiableCategory } from '../../../../src/engine/pipeline/classify.js';

function category(name: string, more: Partial<ClassifiableCategory> = {}): ClassifiableCategory {
  return { name, categoryPrompt: '', sampleTexts: [], fields: [], ...more };
}

describe('classify', () => {
  const invoice = category('Invoice', { fields: [{ name: 'Invoice Number', definition: { alias: ['Bill No'] } }, { name: 'Total Amount', definition: {} }] });
  const receipt = category('Receipt', { categoryPrompt: 'shop till receipt with cashier and change', sampleTexts: ['Cashier: Ann\nChange due 0.50'] });

  it('weighs the category name most, then field labels, then prompt and sample words', () => {
    const text = 'INVOICE\nInvoice Number: 42\nTotal Amount: 5';
    expect(scoreCategory(text, invoice)).toBe(2 * CLASSIFY_WEIGHTS.nameOccurrence + 2 * CLASSIFY_WEIGHTS.fieldLabel);
    expect(scoreCategory('bill no 7', invoice)).toBe(CLASSIFY_WEIGHTS.fieldLabel);
    const words = scoreCategory('cashier Bob, change 1.00', receipt);
    expect(words).toBeGreaterThan(0);
    expect(words).toBeLessThan(CLASSIFY_WEIGHTS.fieldLabel);
  });

  it('picks the best category, the first on a tie, and none when nothing matches', () => {
    expect(classify('Invoice Number: 42', [receipt, invoice])).toBe('Invoice');
    expect(classify('Receipt\nCashier: Ann', [invoice, receipt])).toBe('Receipt');
    expect(classify('Invoice Receipt', [receipt, invoice])).toBe('Receipt');
    expect(classify('Weather report for Tuesday', [invoice, receipt])).toBe('');
  });

  it('matches whole words only, and CJK names inside running text', () => {
    expect(scoreCategory('Invoices overdue', invoice)).toBe(0);
    expect(classify('增值税发票号码：123', [category('发票')])).toBe('发票');
  });
});
