import { describe, expect, it } from 'vitest';
import { documentKind } from '../../../../../src/engine/pipeline/classify/document-structure.js';
import { foreignInvoice, foreignReceipt, type ForeignLanguage } from '../../../../fixtures/foreign-documents.js';
import { MEETING_MINUTES, RECOMMENDATION_LETTER } from './classify-documents.js';

const LANGUAGES: readonly ForeignLanguage[] = ['de', 'fr', 'es'];
const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);

describe('documentKind', () => {
  it.each(LANGUAGES)('sees %s till receipts as receipts: priced lines that add up to their sum, paid in cash or by card', (language) => {
    expect(SEEDS.map((seed) => documentKind(foreignReceipt(language, seed).text))).toEqual(SEEDS.map(() => 'receipt'));
  });

  it.each(LANGUAGES)('sees %s invoices as invoices: a VAT id and a document number beside priced lines', (language) => {
    expect(SEEDS.map((seed) => documentKind(foreignInvoice(language, seed).text))).toEqual(SEEDS.map(() => 'invoice'));
  });

  it('sees a receipt paid in cash as a receipt even when it prints the shop’s VAT id and a receipt number', () => {
    const { text } = foreignReceipt('de', 3);
    expect(text).toContain('Gegeben');
    expect(documentKind(`${text}\nBeleg-Nr.: 4711-0815\nUSt-IdNr.: DE 123 456 789`)).toBe('receipt');
  });

  it('sees neither in a letter or minutes, nor in lines whose amounts do not add up', () => {
    expect(documentKind(RECOMMENDATION_LETTER)).toBeUndefined();
    expect(documentKind(MEETING_MINUTES)).toBeUndefined();
    expect(documentKind('Brot  2,49\nMilch  1,19\nSumme  9,99')).toBeUndefined();
  });
});
