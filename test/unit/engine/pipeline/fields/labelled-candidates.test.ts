import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { textDocument } from '../document-fixture.js';

const valueOf = (name: string, text: string) => extractFields(textDocument(text), [fieldSpecOf({ name, definition: { name } })])[0]!.value;

describe('a value under its label in a header grid', () => {
  it('is the words under the label where two cells were read as one segment', () => {
    const page = ['Lechner Logistik AG', '', 'Rechnungsdatum     Gutschriftsnummer', '22. Februar 2025 RE-2025-6422', '', 'GUTSCHRIFT'].join('\n');
    expect([valueOf('Invoice number', page), valueOf('Issue date', page)]).toEqual(['RE-2025-6422', '22. Februar 2025']);
  });

  it.each([
    ['À régler avant le', '17/12/2025'],
    ['Fecha límite de pago', '31/01/2026'],
    ['Scadenza pagamento', '28/11/2025'],
  ])('reads a due date under its label in a desk language: %s', (label, date) => {
    const page = ['Atelier Dubois SAS', '', `Date          ${label}`, `17/11/2025    ${date}`, '', 'FACTURE'].join('\n');
    expect(valueOf('Due date', page)).toBe(date);
  });
});


describe("the document's number and a letterhead's line of legal numbers", () => {
  it.each([
    ['Share capital €250000.00 – CRO No. 666785 – VAT number: IE5018917JA'],
    ['Share capital €25000.00 – Registered in Ireland No. 295102 – VAT No.: IE8019152IA'],
    ['VAT No.: IE 801 915 2IA'],
  ])('reads no registry or VAT number after its "No." as the number: %s', (legal) => {
    expect(valueOf('Invoice number', ['Keane Logistics Ltd', '24 Main Street', legal].join('\n'))).toBe('');
  });

  it("is no other document's number a sentence names after the title", () => {
    expect(valueOf('Invoice number', 'Rechnung gemäß Bestellung Nr. 2018-471331 vom 01.03.2018.')).toBe('');
  });
});
