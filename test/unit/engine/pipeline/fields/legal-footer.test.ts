import { describe, expect, it } from 'vitest';
import { footerTaxIds } from '../../../../../src/engine/pipeline/fields/legal-footer.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { textDocument } from '../document-fixture.js';

const body = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of the invoice`);
const idsOf = (...footer: string[]) => footerTaxIds(rowsOf(textDocument([...body, ...footer].join('\n')))).map((c) => c.value);

describe("the seller's VAT number in the legal footer", () => {
  it('reads the number after its label anywhere in a footer line, in any of the common forms', () => {
    expect(idsOf('Kestrel Ltd · Registered in England No. 08123456 · VAT No. GB 294 7716 05', 'Morel SAS au capital de 120 000 € – TVA intracommunautaire FR58512345678', 'Brandl GmbH – USt-IdNr. DE287114903')).toEqual(['GB 294 7716 05', 'FR58512345678', 'DE287114903']);
  });

  it('takes nothing above the footer, and no register or bank number', () => {
    expect(footerTaxIds(rowsOf(textDocument(['VAT No. GB 294 7716 05', ...body].join('\n'))))).toEqual([]);
    expect(idsOf('Amtsgericht Augsburg HRB 31872 · IBAN DE27 7205 0000 0240 8831 17 · Steuernummer 201/113/40209')).toEqual([]);
  });

  it('reads an id only in a form the VAT ids have (words/vat-id.ts), after any tax-id label of the vocabulary', () => {
    expect(idsOf('Muster AG · UID: CHE-123.456.789 MWST', 'Rossi S.r.l. – P.IVA IT12345678901', 'Bakker B.V. – BTW-nr. NL123456789B01')).toEqual(['CHE-123.456.789', 'IT12345678901', 'NL123456789B01']);
    expect(idsOf('Kestrel Ltd · VAT No. XY 123 456 789', 'Brandl GmbH – USt-IdNr. DE 2871 149')).toEqual([]);
  });
});
