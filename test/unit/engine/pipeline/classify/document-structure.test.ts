import { describe, expect, it } from 'vitest';
import { documentKind, receiptProbability, structureSignals } from '../../../../../src/engine/pipeline/classify/document-structure.js';
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

  it("reads past a till's quantity lines to the priced lines they belong to", () => {
    const till = ['Tomates 12,66', '2 x 11,83', 'Café molido 23,66', '2 x 5,72', 'Queso manchego 11,44', 'TOTAL 47,76 €', 'EFECTIVO 50,00', 'Cambio 2,24'].join('\n');
    expect(documentKind(`Cafetería López\nNIF-IVA ESB28279668\nNº Ticket 0399\n${till}`)).toBe('receipt');
  });

  it.each(['Payment due within 30 days of the invoice date.', 'Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Pagamento a 30 giorni data fattura.'])(
    'counts days to pay (%s) toward a bill, and sees a bill printed as a page prints it as one',
    (term) => {
      const tillLines = ['Office chair 4,727.36', 'Printer paper 2,535.15', 'Total 7,262.51'].join('\n');
      const [without, withTerm] = [tillLines, `${tillLines}\n${term}`].map((text) => receiptProbability(structureSignals(text)!));
      expect(withTerm).toBeLessThan(without!);
      const bill = ['Office chair          4 pcs     1,181.84      4,727.36', 'Printer paper         3 ea        845.05      2,535.15', 'Total                                          7,262.51', term].join('\n');
      expect(documentKind(bill)).toBe('invoice');
    },
  );

  it('sees neither in a letter or minutes, nor in lines whose amounts do not add up', () => {
    expect(documentKind(RECOMMENDATION_LETTER)).toBeUndefined();
    expect(documentKind(MEETING_MINUTES)).toBeUndefined();
    expect(documentKind('Brot  2,49\nMilch  1,19\nSumme  9,99')).toBeUndefined();
  });
});
