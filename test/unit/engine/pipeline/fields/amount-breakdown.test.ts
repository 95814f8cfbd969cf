import { describe, expect, it } from 'vitest';
import { amountBreakdown } from '../../../../../src/engine/pipeline/fields/amount-breakdown.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { READERS_OWN, type FieldScorer } from '../../../../../src/engine/pipeline/fields/field-scorer.js';
import { LabelIndex } from '../../../../../src/engine/pipeline/fields/phrase-role.js';
import { typedValues } from '../../../../../src/engine/pipeline/fields/typed-candidates.js';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { grid, textDocument } from '../document-fixture.js';
import { scanDocument } from '../scan-fixture.js';

const breakdownOf = (text: string) => {
  const b = amountBreakdown(typedValues(rowsOf(textDocument(text)), new LabelIndex()));
  return b && [b.subtotal.value, b.tax.value, b.total.value];
};
const spec = (name: string) => fieldSpecOf({ name, definition: { name } });
const amounts = (text: string) => extractFields(textDocument(text), ['Net amount', 'Tax amount', 'Total'].map(spec)).map((f) => [f.value, (f.confidence ?? 0) >= 0.5]);
const summary = (rows: readonly (readonly string[])[]) => grid([34], rows);

describe('the amount breakdown: net + tax = total as the page prints them', () => {
  it('finds the three amounts that add up whatever their labels are, in any language', () => {
    expect(breakdownOf(summary([['Positionssumme', '473,00'], ['Zuschläge gesamt', '0,00'], ['Rechnungssumme ohne USt.', '473,00'], ['Steuerbetrag', '56,87'], ['Bruttosumme', '529,87'], ['Zahlbetrag', '529,87']]))).toEqual(['473,00', '56,87', '529,87']);
  });

  it("prefers the invoice's sum over a discount's or a section's smaller one", () => {
    const text = summary([['Abschlag Sondernachlass  10,00', '-1,00'], ['Abschlag Sondernachlass  137,30', '-13,73'], ['Abschläge gesamt', '-14,73'], ['Summe netto', '193,77'], ['Steuer', '21,30'], ['Brutto', '215,07']]);
    expect(breakdownOf(text)).toEqual(['193,77', '21,30', '215,07']);
  });

  it('keeps a credit note whose tax is printed without its sign', () => {
    expect(breakdownOf(summary([['Net', '-7,67'], ['VAT', '1,12'], ['Total', '-8,79']]))).toEqual(['-7,67', '1,12', '-8,79']);
  });

  it('takes no tax larger than a tax rate can make it, and no zero tax without a tax label', () => {
    expect(breakdownOf(summary([['Items', '60.00'], ['Delivery', '40.00'], ['Paid', '100.00']]))).toBeUndefined();
    expect(breakdownOf(summary([['Subtotal', '50.00'], ['Discount total', '0.00'], ['Total', '50.00']]))).toBeUndefined();
  });

  it("takes no tax rate's share for the summary where the page labels a larger total", () => {
    const text = summary([['Rice 5kg', '23.70 Z'], ['Mineral water 6x1.5L', '53.50 S'], ['Total incl. GST', '77.20'], ['GST analysis', 'Goods  Tax'], ['S = 6%', '50.47  3.03'], ['Z = 0%', '23.70  0.00']]);
    expect(breakdownOf(text)).toBeUndefined();
    expect(extractFields(textDocument(text), [spec('Total')]).map((f) => f.value)).toEqual(['77.20']);
  });

  it('adds no item lines and a unit price up to a summary', () => {
    const text = grid([8, 6, 10, 10], [['', '', '@15.90'], ['410', '1', '12.72', '12.72 SR'], ['822', '1', '3.18', '3.18 SR'], ['Gross Amt', '', '', '50.00'], ['Service charge', '', '', '5.00'], ['GST 6%', '', '', '3.30'], ['Net Amt', '', '', '58.30']]);
    expect(breakdownOf(text)).toBeUndefined();
  });

  it("takes no two item lines for a net and tax because they add up to a VAT grid's 合计 row (合 计 labels a total on a receipt)", () => {
    const text = grid([14, 6, 10, 10, 6, 10], [
      ['*扫描仪*', '3', '621.20', '1863.60', '13%', '242.27'],
      ['*技术服务费*', '13', '2005.52', '26071.76', '6%', '1564.31'],
      ['合  计', '', '', '¥27935.36', '', '¥1806.58'],
      ['价税合计（大写）', '', '', '（小写）', '', '¥29741.94'],
    ]);
    // The grid's own reader gives its net and tax (vat-grid.ts); the 小写 total stands under a 大写 label, in no summary.
    expect(breakdownOf(text)).toBeUndefined();
  });

  it('never counts share capital, bank numbers, cash given or change', () => {
    const text = summary([['Total HT', '850,00'], ['TVA 20 %', '170,00'], ['Total TTC', '1 020,00'], ['SARL au capital de', '1 190,00'], ['Gegeben', '1 200,00'], ['Rückgeld', '180,00']]);
    expect(breakdownOf(text)).toEqual(['850,00', '170,00', '1 020,00']);
    expect(amounts(text)).toEqual([['850,00', true], ['170,00', true], ['1 020,00', true]]);
  });
});

describe('amounts checked against the breakdown', () => {
  it("puts a labelled amount that contradicts the sum under another that agrees, even under the field's own name", () => {
    const text = summary([['Total: 7.00'], ['Net amount: 100.00'], ['Subtotal', '200.00'], ['VAT', '38.00'], ['Gross', '238.00']]);
    const fields = extractFields(textDocument(text), ['Net amount', 'Tax amount', 'Total'].map(spec));
    expect(fields.map((f) => [f.value, (f.confidence ?? 0) >= 0.9])).toEqual([['200.00', true], ['38.00', true], ['238.00', true]]);
  });

  it('leaves a total printed after the sum (the amount paid after rounding or a deposit) to its label', () => {
    const text = summary([['Subtotal', '10.00'], ['GST', '0.60'], ['Total', '10.60'], ['Rounding', '-0.05'], ['Total', '10.55']]);
    expect(extractFields(textDocument(text), [spec('Total')]).map((f) => f.value)).toEqual(['10.55']);
  });

  it.each([
    [['Summe', '10,60'], ['Rundung', '-0,05'], ['Bar', '20,00']],
    [['Totale complessivo', '21,16'], ['Arrotondamento', '-0,01'], ['Pagamento contante', '50,00']],
    [['合计', '41.75'], ['抹零', '-0.05'], ['实收', '50.00']],
  ])('takes no cash given for the total after a rounding line of its language: %j', (sum, rounding, cash) => {
    const total = (rows: readonly (readonly string[])[]) => extractFields(textDocument(summary(rows)), [spec('Total')])[0]!.value;
    expect(total([sum, rounding, cash])).toBe(sum[1]);
  });

  it.each([
    [['Zwischensumme', '10,60'], ['Rundung', '-0,05'], ['Zu zahlen', '10,55']],
    [['小计', '41.75'], ['抹零', '-0.05'], ['应付金额', '41.70']],
  ])('reads the total paid after a rounding line of its language: %j', (sum, rounding, paid) => {
    expect(extractFields(textDocument(summary([sum, rounding, paid])), [spec('Total')])[0]!.value).toBe(paid[1]);
  });

  it('reads the total paid after a rounding line whose word a scan split or misread', () => {
    for (const rounding of ['Roundi ng Adj', 'Rounding Adj ustment', 'Rovnding Adj']) {
      const text = summary([['Total (Excluding GST) :', '26.60'], ['Serv. Charge (10%) :', '2.66'], ['GST 6% :', '1.76'], ['Total ( Inclusi ve of GST ) :', '31.02'], [`${rounding} :`, '-0.02'], ['TOTAL:', '31.00'], ['CASH :', '50.00']]);
      expect(extractFields(textDocument(text), [spec('Total')])[0]!.value).toBe('31.00');
    }
  });

  it('leaves a total rounded for cash to its label where the sum is printed under it', () => {
    const text = summary([['Subtotal', '80.91'], ['GST 0%', '0.00'], ['Rounding', '-0.01'], ['Total', '80.90'], ['GST summary'], ['Total', '80.91     0.00']]);
    expect(extractFields(textDocument(text), [spec('Total')]).map((f) => [f.value, (f.confidence ?? 0) >= 0.9])).toEqual([['80.90', true]]);
  });

  it('gives the amount due as the total where nothing is deducted, and as its own line where a deposit is', () => {
    const due = (rows: readonly (readonly string[])[]) => extractFields(textDocument(summary(rows)), ['Total', 'Amount due'].map(spec)).map((f) => f.value);
    expect(due([['Net', '100.00'], ['VAT 19%', '19.00'], ['Total', '119.00']])).toEqual(['119.00', '119.00']);
    expect(due([['Net', '100.00'], ['VAT 19%', '19.00'], ['Gross', '119.00'], ['Deposit received', '-19.00'], ['Amount due', '100.00']])).toEqual(['119.00', '100.00']);
  });

  // The reader doubts a lone spaced read; the fitted scorer, which saw 161 such reads mostly right, need not.
  it('adds up a scanned tax read as "21, 30", given as 21,30, sure; alone, its reader gives it under 0.9', () => {
    const scanned = (rows: readonly (readonly string[])[], context?: { scorer: FieldScorer }) =>
      extractFields(scanDocument(grid([28], rows)), ['Net amount', 'Tax amount', 'Total'].map(spec), context).map((f) => [f.value, (f.confidence ?? 0) >= 0.9]);
    expect(scanned([['Summe netto', '193,77'], ['Steuerbetrag in EUR', '21, 30'], ['Bruttosumme', '215,07']])).toEqual([
      ['193,77', true],
      ['21,30', true],
      ['215,07', true],
    ]);
    const [, tax] = scanned([['Steuerbetrag in EUR', '21, 30']], { scorer: READERS_OWN });
    expect(tax).toEqual(['21,30', false]);
  });
});
