import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { READERS_OWN } from '../../../../../src/engine/pipeline/fields/field-scorer.js';
import { textDocument } from '../document-fixture.js';

// These pin the readers' own confidences (their prior, the first feature of the fitted scorer); the
// confidence a clerk sees is the scorer's, judged on held-out families by bench/scorer-families-bench.ts.
const READERS = { scorer: READERS_OWN };

const spec = (name: string) => fieldSpecOf({ name, definition: { name } });
const fields = (text: string) => Object.fromEntries(extractFields(textDocument(text), ['Seller country', 'Buyer country'].map(spec), READERS).map((f) => [f.key, { value: f.value, confidence: f.confidence }]));

// A German invoice's parties, their addresses printed as for domestic mail: no country line.
const page = (buyerLines: readonly string[]) =>
  ['Rechnung Nr. 4711 vom 02.03.2026', '', 'Verkäufer:', 'Lieferant GmbH', 'Lieferantenstraße 20', '80333 München', 'USt-IdNr.: DE123456789', '', 'Käufer:', ...buyerLines].join('\n');

describe("a party's country where its address prints none", () => {
  it("is read off the party's VAT id", () => {
    const found = fields(page(['Kunden AG', 'Kundenweg 1', '1010 Wien', 'UID: ATU12345678']));
    expect([found['Seller country']!.value, found['Buyer country']!.value]).toEqual(['DE', 'AT']);
  });

  it("is, for an address with no country and no VAT id, the other party's country, the reader giving it under 0.9", () => {
    const found = fields(page(['Kunden AG', 'Kundenweg 1', '40235 Düsseldorf']));
    expect(found['Buyer country']!.value).toBe('DE');
    expect(found['Buyer country']!.confidence).toBeLessThan(0.9);
  });

  it('stays what the address prints when it prints one', () => {
    const found = fields(page(['Client SARL', '12 rue de la Paix', '75002 Paris', 'Frankreich']));
    expect(found['Buyer country']!.value).toBe('Frankreich');
  });

  it('stays empty with no VAT id and no other party to go by', () => {
    expect(fields('Rechnung Nr. 4711\n\nKäufer:\nKunden AG\nKundenweg 1\n40235 Düsseldorf')['Buyer country']!.value).toBe('');
  });
});
