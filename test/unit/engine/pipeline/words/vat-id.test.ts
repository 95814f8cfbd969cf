import { describe, expect, it } from 'vitest';
import { vatIdCountry, vatIds } from '../../../../../src/engine/pipeline/words/vat-id.js';

describe('VAT ids', () => {
  it('finds ids of their own country format, separators aside', () => {
    expect(vatIds('USt-IdNr.: DE 123 456 789, TVA FR40303265045')).toEqual(['DE123456789', 'FR40303265045']);
    expect(vatIds('Steuernummer 5133081508159; DE12345')).toEqual([]);
  });

  it("gives the ISO country of the first id: the prefix, but Greece's EL and Switzerland's CHE", () => {
    expect(vatIdCountry('VAT: ATU12345678')).toBe('AT');
    expect(vatIdCountry('ΑΦΜ EL123456789')).toBe('GR');
    expect(vatIdCountry('MWST CHE-123.456.789')).toBe('CH');
    expect(vatIdCountry('no id here')).toBeUndefined();
  });
});
