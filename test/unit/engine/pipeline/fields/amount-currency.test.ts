import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { READERS_OWN } from '../../../../../src/engine/pipeline/fields/field-scorer.js';
import { textDocument } from '../document-fixture.js';

// These pin the readers' own confidences (their prior, the first feature of the fitted scorer); the
// confidence a clerk sees is the scorer's, judged on held-out families by bench/scorer-families-bench.ts.
const READERS = { scorer: READERS_OWN };

const currency = (text: string) => extractFields(textDocument(text), [fieldSpecOf({ name: 'Currency', definition: { name: 'Currency' } })], READERS)[0]!;

describe('the currency the amounts are printed in, where no label names it', () => {
  it('is the one currency the marks beside the amounts and over their columns name, a sign as its code', () => {
    const found = currency(['Rechnung Nr. 42', 'Nr. Bezeichnung Menge Einzel/€ Gesamt/€', '1 Amboss 250 kg 1 Stück 1.000,00 1.000,00', 'Rechnungsbetrag 1.190,00 €'].join('\n'));
    expect([found.value, found.confidence]).toEqual(['EUR', 0.8]);
    expect(currency('Invoice 7\nConsulting 2 days 1,200.00 GBP\nTotal 1,440.00 GBP').value).toBe('GBP');
  });

  it('is none when the page names two currencies', () => {
    expect(currency('Invoice 7\nTotal 100.00 USD\nTotal 92.00 EUR').value).toBe('');
  });

  it('stays the sign when several currencies share it (the dollar)', () => {
    expect(currency('Invoice 7\nTotal $100.00').value).toBe('$');
  });

  it('is read from the mark the total is printed with, the total answering too', () => {
    const specs = ['Total', 'Currency'].map((name) => fieldSpecOf({ name, definition: { name } }));
    const [total, code] = extractFields(textDocument('Invoice 7\nConsulting 2 days\nTotal $10,095.31'), specs, READERS);
    expect([total!.value, code!.value]).toEqual(['10,095.31', '$']);
  });

  it("takes no province printed after a town for a currency (Rome's RM is no ringgit)", () => {
    expect(currency(['Informatica Ricci S.a.s.', 'Viale Europa 8', '00184 Roma (RM)', 'Fattura 2025-FE-2073', 'Totale documento €25.874,10'].join('\n')).value).toBe('EUR');
  });

  it('gives way to a labelled currency', () => {
    expect(currency('Rechnungswährung: CHF\nBetrag 100,00 €').value).toBe('CHF');
  });
});
