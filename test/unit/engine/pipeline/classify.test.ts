import { describe, expect, it } from 'vitest';
import { classify, CLASSIFY_WEIGHTS, MIN_FIT_SCORE, rankCategories, scoreCategory, type ClassifiableCategory } from '../../../../src/engine/pipeline/classify.js';

function category(name: string, more: Partial<ClassifiableCategory> = {}): ClassifiableCategory {
  return { name, categoryPrompt: '', sampleTexts: [], fields: [], ...more };
}
const field = (name: string, alias: string[] = []) => ({ name, definition: { alias } });

describe('scoreCategory', () => {
  const invoice = category('Invoice', { fields: [field('Invoice Number', ['Bill No']), field('Total Amount')], tables: [{ fields: [field('Item'), field('Quantity')] }] });

  it('weighs the name as a title most, then each field found and the share of fields found', () => {
    const { score } = scoreCategory('INVOICE\nInvoice Number: 42\nTotal Amount: 5', invoice, new Set());
    // "Invoice Number: 42" names the category too, but as a label: a weak sign.
    expect(score).toBe(CLASSIFY_WEIGHTS.nameAsTitle + CLASSIFY_WEIGHTS.nameInText + 2 * CLASSIFY_WEIGHTS.field + 0.5 * CLASSIFY_WEIGHTS.coverage);
    expect(scoreCategory('bill no 7', invoice, new Set()).score).toBe(CLASSIFY_WEIGHTS.field + 0.25 * CLASSIFY_WEIGHTS.coverage);
  });

  it('counts the name in running text weakly, and words of the prompt and samples by their share', () => {
    const receipt = category('Receipt', { categoryPrompt: 'shop till receipt with cashier', sampleTexts: ['Cashier: Ann\nChange due'] });
    const inText = scoreCategory('Please deliver within five days of receipt of this order.', receipt);
    expect(inText.score).toBeGreaterThanOrEqual(CLASSIFY_WEIGHTS.nameInText);
    expect(inText.score).toBeLessThan(CLASSIFY_WEIGHTS.nameAsTitle);
    expect(inText.fits).toBe(false);
    // Of the vocabulary {shop, till, receipt, cashier, ann, change, due}, the text has 3 words.
    expect(scoreCategory('cashier ann change', receipt).score).toBeCloseTo((3 / 7) * CLASSIFY_WEIGHTS.vocabulary);
  });

  it('needs enough evidence to fit: a name as a title or two fields, and the minimum score', () => {
    const receipt = category('Receipt', { fields: [field('Date'), field('Total'), field('Merchant'), field('Payment method')] });
    expect(scoreCategory('Minutes\nDate: 2025-01-02\nTotal attendees: 12', receipt).fits).toBe(false);
    expect(scoreCategory('Merchant: Ann\nDate: 2025-01-02\nTotal: 12', receipt)).toMatchObject({ fits: true });
    expect(scoreCategory('RECEIPT', receipt).score).toBeLessThan(MIN_FIT_SCORE);
  });
});

describe('classify', () => {
  const invoice = category('Invoice', { fields: [field('Invoice Number'), field('Total Amount')] });
  const receipt = category('Receipt', { fields: [field('Cashier'), field('Change due')] });

  it('picks the best-fitting category, the first listed on a tie, and none when nothing fits', () => {
    expect(classify('INVOICE\nInvoice Number: 42\nTotal Amount: 5', [receipt, invoice])).toBe('Invoice');
    expect(classify('Receipt\nCashier: Ann\nChange due: 1', [invoice, receipt])).toBe('Receipt');
    expect(rankCategories('Invoice\nReceipt', [receipt, invoice]).map((s) => [s.name, s.score])).toEqual([
      ['Receipt', CLASSIFY_WEIGHTS.nameAsTitle],
      ['Invoice', CLASSIFY_WEIGHTS.nameAsTitle],
    ]);
    expect(classify('Weather report for Tuesday', [invoice, receipt])).toBe('');
  });

  it('matches whole words only, and CJK names inside running text', () => {
    expect(scoreCategory('Invoices overdue', invoice).score).toBe(0);
    expect(classify('增值税发票\n发票号码：123\n开票日期：2025-01-01', [category('增值税发票', { fields: [field('发票号码'), field('开票日期')] })])).toBe('增值税发票');
  });
});
