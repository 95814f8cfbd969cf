import { describe, expect, it } from 'vitest';
import { printedVatIds, vatIdCountry, vatIds } from '../../../../../src/engine/pipeline/words/vat-id.js';

describe('VAT ids', () => {
  it('finds ids of their own country format, separators aside', () => {
    expect(vatIds('USt-IdNr.: DE 123 456 789, TVA FR40303265045')).toEqual(['DE123456789', 'FR40303265045']);
    expect(vatIds('Steuernummer 5133081508159; DE12345')).toEqual([]);
  });

  it('gives where an id is printed, its separators inside and none after it', () => {
    const text = 'VAT No. GB 294 7716 05. Thank you';
    expect(printedVatIds(text).map((p) => [p.id, text.slice(p.start, p.end)])).toEqual([['GB294771605', 'GB 294 7716 05']]);
  });

  it("gives the ISO country of the first id: the prefix, but Greece's EL and Switzerland's CHE", () => {
    expect(vatIdCountry('VAT: ATU12345678')).toBe('AT');
    expect(vatIdCountry('ΑΦΜ EL123456789')).toBe('GR');
    expect(vatIdCountry('MWST CHE-123.456.789')).toBe('CH');
    expect(vatIdCountry('no id here')).toBeUndefined();
  });
});
