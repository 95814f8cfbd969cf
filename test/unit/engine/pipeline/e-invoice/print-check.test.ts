import { describe, expect, it } from 'vitest';
import { printCheck } from '../../../../../src/engine/pipeline/e-invoice/print-check.js';
import { textDocument } from '../document-fixture.js';
import { sampleInvoice } from './invoice-fixture.js';

// The amounts the sample invoice's XML states anywhere, in cents.
const XML_AMOUNTS = new Set([35000, 6650, 41650, 7500, 15000, 20000, 1900, 200, 100]);
const checked = (...rows: string[]) => printCheck(textDocument(rows.join('\n')), sampleInvoice(), XML_AMOUNTS);
const check = (...rows: string[]) => checked(...rows).disagreements;

describe('printCheck', () => {
  it('finds nothing where the page prints the totals the XML states', () => {
    expect(check('Nettobetrag 350,00', 'MwSt 19% 66,50', 'Gesamtbetrag 416,50')).toEqual([]);
  });

  it('finds a total printed otherwise, under a label read inside a compound word', () => {
    const [found, ...more] = check('Rechnungssumme ohne USt. 350,00', 'Steuer 66,50', 'Bruttosumme 461,50');
    expect(more).toEqual([]);
    expect(found).toMatchObject({ path: 'total', printed: '461,50', given: '416.50', position: { page: 0 } });
  });

  it('takes an amount the XML states elsewhere as a neighbouring label, not an altered print', () => {
    expect(check('Gesamtbetrag 150,00', 'Total 416,50')).toEqual([]);
  });

  it('reads a rate printed before an amount with a space as either number', () => {
    expect(check('Umsatzsteuer 19 66,50')).toEqual([]);
  });

  it('says nothing of totals the page does not print', () => {
    expect(check('Wartung Heizung 150,00', 'Ersatzteil Pumpe 200,00')).toEqual([]);
  });

  it('fails no valid invoice whose letterhead prints its share capital beside its tax number, and names what it could not compare', () => {
    const rows = ['Nordlicht SARL au capital de 120 000,00 € - RCS Paris 123 456 789 - TVA FR12345678901', 'Total HT 350,00', 'Total taxes 66,50', 'Total TTC 416,50'];
    const { disagreements, uncompared } = checked(...rows);
    expect(disagreements).toEqual([]);
    expect(uncompared).toMatchObject([{ path: 'taxTotal', printed: '120 000,00', given: '66.50' }]);
  });

  it('fails no valid invoice whose footer prints the share capital after a tax id label', () => {
    expect(check('Summe netto 350,00', 'Umsatzsteuer 19 % 66,50', 'Gesamtbetrag 416,50', 'Nordlicht GmbH · Stammkapital 25.000,00 EUR · USt-IdNr. DE123456789')).toEqual([]);
  });

  it('still fails a row that opens with its total label and prints another amount after it', () => {
    expect(checked('Nordlicht GmbH · USt-IdNr. DE123456789', 'Summe netto 350,00', 'Umsatzsteuer 19 % 76,50', 'Gesamtbetrag 426,50').disagreements.map((d) => d.path).sort()).toEqual(['taxTotal', 'total']);
  });
});
