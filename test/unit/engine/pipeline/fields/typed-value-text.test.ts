import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { textDocument } from '../document-fixture.js';

const valueOf = (name: string, text: string) => extractFields(textDocument(text), [fieldSpecOf({ name, definition: { name } })])[0]!.value;

describe('the part of a labelled text a tax id is', () => {
  it.each([
    ['Amtsgericht München HRB 131044 | USt-ID: DE 598 476 550', 'DE 598 476 550'],
    ['UID-Nr.: ATU 1234 5678', 'ATU 1234 5678'],
    ['USt-IdNr.: DE123456789', 'DE123456789'],
  ])('keeps the country letters printed apart from the digits: %s', (line, id) => {
    expect(valueOf('Seller VAT ID', `Muster GmbH\nMusterstr. 1\n12345 Musterstadt\n${line}\nRechnung Nr. 4711`)).toBe(id);
  });

  it('reads the tax id row of the buyer block, labelled as a page labels the seller\'s ("TVA intracom.")', () => {
    const page = ['Atelier Fontaine SAS', 'Facturé à:', 'Menuiserie Garnier EURL', '169 avenue Jean Jaurès', '13002 Marseille', 'TVA intracom.: FR05994053993', 'FACTURE'].join('\n');
    expect(valueOf('Buyer VAT ID', page)).toBe('FR05994053993');
  });

  it.each([
    ['Numero fattura: FPR 35/25', 'FPR 35/25'],
    ['Invoice NO 4711', '4711'],
  ])("keeps an invoice's series printed before its number, and no marker for one: %s", (line, number) => {
    expect(valueOf('Invoice number', `Muster S.r.l.\n${line}\nTotale 10,00`)).toBe(number);
  });
});

describe('the part of a labelled text a name is', () => {
  it("never takes a seal's legend or the place for the seal (销售方：（章）) for the seller's name", () => {
    expect(valueOf('Seller name', '销售方：（章）发票专用章')).toBe('');
    expect(valueOf('Seller name', '销售方：成都博安商贸有限公司')).toBe('成都博安商贸有限公司');
  });
});
