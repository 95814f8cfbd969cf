import { describe, expect, it } from 'vitest';
import {
  classify,
  classifyWithReason,
  CLASSIFY_WEIGHTS,
  COLUMN_SHARE,
  FULL_VOCABULARY_WORDS,
  MIN_FIT_SCORE,
  rankCategories,
  scoreCategory,
  titlesOf,
  type ClassifiableCategory,
} from '../../../../../src/engine/pipeline/classify/classify.js';
import { classifiableStarterCategories, starterCategoryName } from '../../../../../src/engine/starter/starter-categories.js';
import { foreignInvoice, foreignReceipt, type ForeignLanguage } from '../../../../fixtures/foreign-documents.js';
import * as documents from './classify-documents.js';

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

  it('counts a table column header for a share of a field label', () => {
    const { score } = scoreCategory('Item  Quantity', invoice, new Set());
    expect(score).toBeCloseTo(2 * COLUMN_SHARE * CLASSIFY_WEIGHTS.field + ((2 * COLUMN_SHARE) / 4) * CLASSIFY_WEIGHTS.coverage);
  });

  it('counts the name in running text weakly, and each word of the prompt and samples found, up to a handful', () => {
    const receipt = category('Receipt', { categoryPrompt: 'shop till receipt with cashier', sampleTexts: ['Cashier: Ann\nChange due'] });
    const inText = scoreCategory('Please deliver within five days of receipt of this order.', receipt);
    expect(inText.score).toBeGreaterThanOrEqual(CLASSIFY_WEIGHTS.nameInText);
    expect(inText.score).toBeLessThan(CLASSIFY_WEIGHTS.nameAsTitle);
    expect(inText.fits).toBe(false);
    // Three of its words {shop, till, receipt, cashier, ann, change, due} are printed.
    expect(scoreCategory('cashier ann change', receipt).score).toBeCloseTo((3 / FULL_VOCABULARY_WORDS) * CLASSIFY_WEIGHTS.vocabulary);
    expect(scoreCategory('shop till cashier ann change due', receipt).score).toBeCloseTo(CLASSIFY_WEIGHTS.vocabulary);
  });

  it('needs enough evidence to fit: a title, two fields, or its typical words and a field; and the minimum score', () => {
    const receipt = category('Receipt', { categoryPrompt: 'till slip: cashier, cash, change, rounding, thank you', fields: [field('Date'), field('Total'), field('Merchant'), field('Payment method')] });
    expect(scoreCategory('Minutes\nDate: 2025-01-02\nTotal attendees: 12', receipt).fits).toBe(false);
    expect(scoreCategory('Merchant: Ann\nDate: 2025-01-02\nTotal: 12', receipt)).toMatchObject({ fits: true });
    expect(scoreCategory('RECEIPT', receipt).score).toBeLessThan(MIN_FIT_SCORE);
    expect(scoreCategory('CASHIER 3\nCASH 10.00\nCHANGE 1.00\nROUNDING 0.00\nTOTAL 9.00', receipt).fits).toBe(true);
    expect(scoreCategory('CASHIER 3\nCASH 10.00\nCHANGE 1.00\nTOTAL 9.00', receipt).fits).toBe(false);
    expect(scoreCategory('CASHIER 3\nCASH 10.00\nCHANGE 1.00\nROUNDING 0.00\nTHANK YOU', receipt).fits).toBe(false);
  });
});

describe('titlesOf', () => {
  it('reads the titles a prompt lists before its colon, beside the name', () => {
    expect(titlesOf({ name: 'Receipt', categoryPrompt: 'Receipt / Cash bill / 收据: till slip, cashier' })).toEqual(['Receipt', 'Cash bill', '收据']);
    expect(titlesOf({ name: 'Receipt', categoryPrompt: 'shop or till receipts with a cashier' })).toEqual(['Receipt']);
  });
});

describe('rankCategories', () => {
  it('gives a title printed inside a longer title of another category to that one', () => {
    const [vat, invoice] = [category('VAT invoice'), category('Invoice')];
    const scores = rankCategories('VAT INVOICE', [invoice, vat]);
    expect(scores.map((s) => [s.name, s.score])).toEqual([
      ['VAT invoice', CLASSIFY_WEIGHTS.nameAsTitle],
      ['Invoice', 0],
    ]);
  });

  it('takes a short line that is a field label for a label, not a title', () => {
    const invoice = category('Invoice', { fields: [field('Invoice number', ['Invoice No'])] });
    expect(rankCategories('INVOICE NO\n12345', [invoice])[0]!.evidence).toMatchObject({ nameAsTitle: 0, nameInText: 1 });
  });

  it('counts evidence every category shares for nothing, and evidence some share in part', () => {
    const receipt = category('Receipt', { fields: [field('Total'), field('Cashier')] });
    const order = category('Order', { fields: [field('Total'), field('Supplier')] });
    const [alone] = rankCategories('Total: 5', [receipt]);
    const shared = rankCategories('Total: 5', [receipt, order]);
    expect(alone!.score).toBeGreaterThan(0);
    expect(shared.map((s) => s.score)).toEqual([0, 0]);
    expect(rankCategories('Total: 5\nCashier: Ann', [receipt, order])[0]!.name).toBe('Receipt');
  });

  it("judges a fit on the category's own evidence: categories with the same fields still fit, the first listed wins the tie", () => {
    const [letters, notes] = [category('Letters', { fields: [field('Reference'), field('Date')] }), category('Notes', { fields: [field('Reference'), field('Date')] })];
    const scores = rankCategories('Reference: R-17\nDate: 2026-05-04', [letters, notes]);
    expect(scores.map((s) => [s.name, s.score, s.fits])).toEqual([
      ['Letters', 0, true],
      ['Notes', 0, true],
    ]);
    expect(classify('Reference: R-17\nDate: 2026-05-04', [letters, notes])).toBe('Letters');
  });

  it('does not count a title line as the field labels it holds ("TAX INVOICE" is no "Tax" label)', () => {
    const invoice = category('Invoice', { fields: [field('Tax'), field('Total')] });
    expect(rankCategories('TAX INVOICE', [invoice])[0]!.evidence.fieldsFound).toBe(0);
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

  it('says why a document stays unclassified: the closest category, its score and the evidence found', () => {
    expect(classifyWithReason('Weather report for Tuesday', [invoice, receipt])).toEqual({ category: '', reason: expect.stringMatching(/^no category fits: the closest, 'Invoice', scored 0\.0 of the 12 needed \(no title of it printed, 0 of 2 field labels/) });
    expect(classifyWithReason('Weather report', [])).toEqual({ category: '', reason: 'no category is enabled in this workspace' });
    expect(classifyWithReason('INVOICE\nInvoice Number: 42\nTotal Amount: 5', [invoice])).toEqual({ category: 'Invoice', reason: '' });
  });
});

describe('classify against the starter categories', () => {
  const starter = classifiableStarterCategories('en');

  it('puts an English commercial invoice in Invoice, not in the Chinese VAT invoice', () => {
    expect(classify(documents.ENGLISH_INVOICE, starter)).toBe('Invoice');
  });

  it('puts a German Rechnung and a French facture in Invoice', () => {
    expect(classify(documents.GERMAN_INVOICE, starter)).toBe('Invoice');
    expect(classify(documents.FRENCH_INVOICE, starter)).toBe('Invoice');
  });

  it('puts a Chinese VAT invoice in VAT invoice', () => {
    expect(classify(documents.CHINESE_VAT_INVOICE, starter)).toBe('VAT invoice');
  });

  it('puts a 数电票 invoice in VAT invoice and its railway e-ticket and air itinerary in Travel e-ticket, on either desk', () => {
    for (const desk of ['en', 'zh-CN'] as const) {
      const categories = classifiableStarterCategories(desk);
      expect([documents.DIGITAL_INVOICE, documents.RAIL_E_TICKET, documents.AIR_ITINERARY].map((text) => classify(text, categories))).toEqual(['VAT invoice', 'Travel e-ticket', 'Travel e-ticket'].map((name) => starterCategoryName(name, desk)));
    }
  });

  it('puts a Malaysian till receipt titled TAX INVOICE, with an invoice number, in Receipt by its till words', () => {
    expect(classify(documents.MALAYSIAN_TILL_RECEIPT, starter)).toBe('Receipt');
  });

  it('puts a commercial invoice titled TAX INVOICE (billed, due, no till words) in Invoice', () => {
    expect(classify(documents.AUSTRALIAN_TAX_INVOICE, starter)).toBe('Invoice');
  });

  it('leaves a letter and meeting minutes unclassified, with a reason', () => {
    for (const text of [documents.RECOMMENDATION_LETTER, documents.MEETING_MINUTES]) {
      expect(classifyWithReason(text, starter)).toEqual({ category: '', reason: expect.stringContaining('no category fits') });
    }
  });
});

describe('classify by structure, in any language', () => {
  const LANGUAGES: readonly ForeignLanguage[] = ['de', 'fr', 'es'];
  const SEEDS = Array.from({ length: 10 }, (_, i) => 100 + i);

  it.each(['en', 'zh-CN'] as const)('puts German, French and Spanish till receipts in Receipt and their invoices in Invoice, with no title printed (desk in %s)', (desk) => {
    const starter = classifiableStarterCategories(desk);
    const [invoice, receipt] = [starter[1]!.name, starter[2]!.name];
    for (const language of LANGUAGES) {
      expect(SEEDS.map((seed) => classify(foreignReceipt(language, seed).text, starter))).toEqual(SEEDS.map(() => receipt));
      expect(SEEDS.map((seed) => classify(foreignInvoice(language, seed).text, starter))).toEqual(SEEDS.map(() => invoice));
    }
  });

  it('puts a German receipt in a German clerk’s own category (Händler, Datum, Gesamtbetrag) by its structure, the fields named in German', () => {
    const kassenbon = category('Kassenbons', { fields: [field('Händler'), field('Datum'), field('Gesamtbetrag')] });
    const score = scoreCategory(foreignReceipt('de', 7).text, kassenbon);
    expect(score).toMatchObject({ fits: true, evidence: { structure: true } });
  });

  it('gives no structure to a category whose fields describe no shop receipt nor invoice', () => {
    const minutes = category('Minutes', { fields: [field('Meeting date'), field('Attendees')] });
    expect(scoreCategory(foreignReceipt('de', 7).text, minutes)).toMatchObject({ fits: false, evidence: { structure: false } });
  });
});
