import { describe, expect, it } from 'vitest';
import { partySections, SECTION_CONFIDENCE, sectionCandidates } from '../../../../../src/engine/pipeline/fields/party-sections.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { PARTY_HEADINGS } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';
import { grid, textDocument } from '../document-fixture.js';
import { scanDocument } from '../scan-fixture.js';

const sectionsOf = (text: string) => partySections(rowsOf(textDocument(text)));
const valuesOf = (text: string, roles: readonly string[]) => {
  const sections = sectionsOf(text);
  return Object.fromEntries(roles.map((role) => [role, sectionCandidates(role, sections).map((c) => c.value)]));
};

describe('party sections: a heading and the block under it', () => {
  // The headings are the vocabulary's, as the party blocks of a VAT grid read them (party-blocks.test.ts).
  const headings = Object.entries(PARTY_HEADINGS).flatMap(([party, words]) => words.map((word) => [party, word[0]!.toUpperCase() + word.slice(1)] as const));

  it.each(headings)('opens a %s block under the heading "%s"', (party, heading) => {
    expect(sectionsOf([`${heading}:`, 'Muster GmbH', 'Musterstr. 1', '12345 Musterstadt'].join('\n')).map((s) => s.band.party)).toEqual([party]);
  });

  it('reads a plain "Bill to" block: the first line is the name, the lines under it the address, split into its parts', () => {
    const text = ['INVOICE', '', 'Bill to:', 'Harbour Lights Ltd', '14 Quay Street', 'Bristol BS1 4DJ', 'United Kingdom'].join('\n');
    expect(valuesOf(text, ['buyer_name', 'buyer_street', 'buyer_postcode', 'buyer_city', 'buyer_country', 'issuer_name'])).toEqual({
      buyer_name: ['Harbour Lights Ltd'],
      buyer_street: ['14 Quay Street'],
      buyer_postcode: ['BS1 4DJ'],
      buyer_city: ['Bristol'],
      buyer_country: ['United Kingdom'],
      issuer_name: [],
    });
  });

  it('reads the buyer under the headings a field name uses for it ("Cessionario", "Destinataire"), with the address in its parts', () => {
    const text = ['Fattura', '', 'Cessionario:', 'Arredamenti Colombo S.a.s.', 'Viale Europa 172', '40121 Bologna'].join('\n');
    expect(valuesOf(text, ['buyer_name', 'buyer_street', 'buyer_postcode', 'buyer_city'])).toEqual({ buyer_name: ['Arredamenti Colombo S.a.s.'], buyer_street: ['Viale Europa 172'], buyer_postcode: ['40121'], buyer_city: ['Bologna'] });
    expect(valuesOf(['Destinataire:', 'Éditions Garnier SAS', '137 avenue Jean Jaurès', '31000 Toulouse'].join('\n'), ['buyer_city'])).toEqual({ buyer_city: ['Toulouse'] });
  });

  it('takes the line under the town as the country only when it names one ("USt-IdNr" under the town is none)', () => {
    const block = (under: string) => ['Rechnungsempfänger', 'Muster-Kunde GmbH', 'Kundenweg 88', '40235 Düsseldorf', under].join('\n');
    expect(valuesOf(block('USt-IdNr'), ['buyer_city', 'buyer_country'])).toEqual({ buyer_city: ['Düsseldorf'], buyer_country: [] });
    expect(valuesOf(block('GERMANY'), ['buyer_country'])).toEqual({ buyer_country: ['GERMANY'] });
    expect(valuesOf(block('Österreich'), ['buyer_country'])).toEqual({ buyer_country: ['Österreich'] });
  });

  it('reads labelled rows under a heading, a value going on over the next line, and skips rows of no party part', () => {
    const text = grid([22], [['Verkäufer'], ['Nummer:', '549910'], ['Name:', 'Lieferant GmbH'], ['Anschrift:', 'Lieferantenstraße 20'], ['', 'DE 80333 München'], ['USt.-Id.-Nr.:', 'DE123456789'], ['Käufer'], ['Name:', 'Kunden AG Mitte']]);
    expect(valuesOf(text, ['issuer_name', 'issuer_street', 'issuer_postcode', 'issuer_city', 'issuer_country', 'issuer_tax_id', 'buyer_name'])).toEqual({
      issuer_name: ['Lieferant GmbH'],
      issuer_street: ['Lieferantenstraße 20'],
      issuer_postcode: ['80333'],
      issuer_city: ['München'],
      issuer_country: ['DE'],
      issuer_tax_id: ['DE123456789'],
      buyer_name: ['Kunden AG Mitte'],
    });
  });

  it('keeps blocks side by side apart, each under its own heading, and a colon printed with the value', () => {
    const text = grid([24, 24], [['Supplier', 'Client'], ['Nordlicht GmbH', 'Atelier Vernet SARL'], ['Hafenweg 3', '12 rue des Tanneurs'], ['20457 Hamburg', '69001 Lyon'], ['VAT No  : DE287114903']]);
    expect(valuesOf(text, ['issuer_name', 'issuer_city', 'issuer_tax_id', 'buyer_name', 'buyer_city'])).toEqual({
      issuer_name: ['Nordlicht GmbH'],
      issuer_city: ['Hamburg'],
      issuer_tax_id: ['DE287114903'],
      buyer_name: ['Atelier Vernet SARL'],
      buyer_city: ['Lyon'],
    });
  });

  it('reads nobody in a delivery address block, and no label as a name', () => {
    const text = ['Ship to:', 'Warehouse 7', '1 Dock Road', 'Leeds LS1 1AA'].join('\n');
    expect(valuesOf(text, ['buyer_name', 'buyer_street'])).toEqual({ buyer_name: [], buyer_street: [] });
    expect(sectionsOf(text).map((s) => s.band.party)).toEqual(['delivery']);
  });

  it('reads a scanned block whose headings lost their umlauts to the recognizer ("Verkaufer", "Kaufer") and whose word spaces are as wide as a recognizer boxes them', () => {
    const page = ['Verkaufer:', 'Lieferant GmbH', 'Hauptstrasse 20', 'DE 80333 Munchen', 'USt-IdNr. : DE123456789', '', 'Kaufer/Leistungsempfanger:', 'Name: Kunden AG Mitte', 'USt-IdNr.: DE987654321'].join('\n');
    const sections = partySections(rowsOf(scanDocument(page)));
    const value = (role: string) => sectionCandidates(role, sections).map((c) => c.value);
    expect(['issuer_name', 'issuer_street', 'issuer_postcode', 'issuer_city', 'issuer_tax_id', 'buyer_name', 'buyer_tax_id'].map(value)).toEqual([
      ['Lieferant GmbH'],
      ['Hauptstrasse 20'],
      ['80333'],
      ['Munchen'],
      ['DE123456789'],
      ['Kunden AG Mitte'],
      ['DE987654321'],
    ]);
  });

  it('reads a B for ß on a page that lost its marks, and keeps its names and streets under 0.9', () => {
    const page = ['Wahrung: EUR', 'Verkaufer:', 'Lieferant GmbH', 'HauptstraBe 20', 'DE 80333 Munchen'].join('\n');
    const sections = partySections(rowsOf(scanDocument(page)));
    const read = (role: string) => sectionCandidates(role, sections).map((c) => [c.value, c.confidence]);
    expect(['issuer_name', 'issuer_street', 'issuer_city', 'issuer_postcode'].map(read)).toEqual([
      [['Lieferant GmbH', SECTION_CONFIDENCE.plainName * 0.9]],
      [['Hauptstraße 20', SECTION_CONFIDENCE.plainAddress * 0.9]],
      [['Munchen', SECTION_CONFIDENCE.plainAddress * 0.9]],
      [['80333', SECTION_CONFIDENCE.plainAddress]],
    ]);
  });

  it('reads a long row label with one letter misread ("USt.-ld.-Nr."), but no short one ("Nane")', () => {
    const page = ['Kaufer', 'Nane: Kunden AG', 'Firma: Kunden AG Mitte', 'USt.-ld.-Nr.: DE987654321'].join('\n');
    const sections = partySections(rowsOf(scanDocument(page)));
    expect(['buyer_name', 'buyer_tax_id'].map((role) => sectionCandidates(role, sections).map((c) => c.value))).toEqual([['Kunden AG Mitte'], ['DE987654321']]);
  });

  it("reads blocks indented under their headings beside a column of the document's own data, whose cells are not the blocks'", () => {
    const text = grid([48], [
      ['Rechnungsersteller'],
      ['  Lieferant GmbH'],
      ['  Lieferantenstraße 20', 'RECHNUNG'],
      ['  80333 München', 'Rechnungsnummer  471102'],
      ['  Deutschland', 'Rechnungsdatum  05.06.2013'],
      ['Rechnungsempfänger', 'Kunden-Nr.  GE2020211'],
      ['  Kunden AG Mitte', 'Beträge in  EUR'],
      ['  Kundenstraße 15'],
      ['  69876 Frankfurt'],
    ]);
    expect(valuesOf(text, ['issuer_name', 'issuer_street', 'issuer_postcode', 'issuer_city', 'issuer_country', 'buyer_name', 'buyer_street', 'buyer_city'])).toEqual({
      issuer_name: ['Lieferant GmbH'],
      issuer_street: ['Lieferantenstraße 20'],
      issuer_postcode: ['80333'],
      issuer_city: ['München'],
      issuer_country: ['Deutschland'],
      buyer_name: ['Kunden AG Mitte'],
      buyer_street: ['Kundenstraße 15'],
      buyer_city: ['Frankfurt'],
    });
  });

  it("ends a party's address at its postcode line: a legal address printed under it is not the party's", () => {
    const text = ['Käufer:', 'Nummer : 9314110911', 'MUSTER-KUNDE GMBH', 'KUNDENWEG 88', 'DE 40235 DUESSELDORF', 'Qualifizierung der Textart: REG', 'MUSTER-Autovermietung GMBH', 'Musterstr. 99', '99199 MUSTERHAUSEN'].join('\n');
    expect(valuesOf(text, ['buyer_name', 'buyer_address', 'buyer_street', 'buyer_city'])).toEqual({
      buyer_name: ['MUSTER-KUNDE GMBH'],
      buyer_address: ['KUNDENWEG 88 DE 40235 DUESSELDORF'],
      buyer_street: ['KUNDENWEG 88'],
      buyer_city: ['DUESSELDORF'],
    });
  });

  it('reads a name over two lines: a salutation and the name, a company name whose legal form ends its second line, a first line printed over its label', () => {
    const plain = ['Verkäufer:', 'MVM Musterhafter', 'Versicherungsverein Musterstadt a.G.', 'Musterstr. 12', 'DE 12345 Musterstadt', '', 'Käufer:', 'Herrn', 'Max Mustermann', 'Musterstr. 11', 'DE 12346 Bad Musterhausen'].join('\n');
    expect(valuesOf(plain, ['issuer_name', 'issuer_street', 'buyer_name', 'buyer_street'])).toEqual({
      issuer_name: ['MVM Musterhafter Versicherungsverein Musterstadt a.G.'],
      issuer_street: ['Musterstr. 12'],
      buyer_name: ['Herrn Max Mustermann'],
      buyer_street: ['Musterstr. 11'],
    });
    const labelled = grid([22], [['Verkäufer'], ['Nummer:', '549910'], ['', 'MVM Musterhafter'], ['Name:', 'Versicherungsverein a.G.'], ['Anschrift:', 'Musterstr. 12']]);
    expect(valuesOf(labelled, ['issuer_name'])).toEqual({ issuer_name: ['MVM Musterhafter Versicherungsverein a.G.'] });
  });

  it("keeps a contact person's line out of the company's name", () => {
    const text = ['Bill to:', 'Kunden AG Mitte', 'Hans Muster', 'Kundenstraße 15', '69876 Frankfurt'].join('\n');
    expect(valuesOf(text, ['buyer_name'])).toEqual({ buyer_name: ['Kunden AG Mitte'] });
  });

  it('reads a British postcode printed after its country code and before the town ("GB SW1B 3BN London")', () => {
    const text = ['Verkäufer:', 'Global Supplies Ltd.', '153 Victoria Street', 'GB SW1B 3BN London'].join('\n');
    expect(valuesOf(text, ['issuer_street', 'issuer_postcode', 'issuer_city', 'issuer_country'])).toEqual({
      issuer_street: ['153 Victoria Street'],
      issuer_postcode: ['SW1B 3BN'],
      issuer_city: ['London'],
      issuer_country: ['GB'],
    });
  });
});

describe("the buyer's block with no heading, beside the delivery address's", () => {
  const page = [
    'Atelier Fontaine SAS',
    '12 rue de la Paix',
    '75002 Paris',
    '',
    'Adresse de livraison :                    Menuiserie Garnier EURL',
    'Entrepôt Nord                             169 avenue Jean Jaurès',
    '5 rue du Port                             13002 Marseille',
    '13002 Marseille',
    '',
    'FACTURE N° F-2025-118',
  ];

  it('is the buyer: its name and address at the delivery heading\'s height, in a column of their own, down to the postcode line', () => {
    expect(valuesOf(page.join('\n'), ['buyer_name', 'buyer_street', 'buyer_postcode', 'buyer_city'])).toEqual({ buyer_name: ['Menuiserie Garnier EURL'], buyer_street: ['169 avenue Jean Jaurès'], buyer_postcode: ['13002'], buyer_city: ['Marseille'] });
  });

  it('is read beside a delivery block with another column on its right and a wide title under it', () => {
    const german = [
      'Warenempfänger:                                         Belegdatum: 17.10.2025',
      'Bakker Bau GmbH             Kunden AG Mitte             Ihre Kundennr.: K74347',
      'Lagerstraße 4               Keizerweg 49                Fällig am: 16.12.2025',
      '20095 Hamburg               80331 München               Währung: EUR',
      '',
      'RECHNUNG 202541245 vom 17.10.2025',
    ];
    expect(valuesOf(german.join('\n'), ['buyer_name', 'buyer_street', 'buyer_city'])).toEqual({ buyer_name: ['Kunden AG Mitte'], buyer_street: ['Keizerweg 49'], buyer_city: ['München'] });
  });

  it("takes the country and the party's labelled VAT id printed under its postcode line, up to a blank line", () => {
    const dutch = [
      'Lieferanschrift:',
      'Lechner Logistik AG         Bakker Transport B.V.',
      'Bahnhofstraße 146           Marktplein 19',
      '20095 Hamburg               5611 EM Eindhoven',
      '                            Niederlande',
      '                            USt-ID: NL 959133938 B03',
      '',
      '                            Zahlbar innerhalb von 14 Tagen',
    ];
    expect(valuesOf(dutch.join('\n'), ['buyer_name', 'buyer_postcode', 'buyer_city', 'buyer_country', 'buyer_tax_id'])).toEqual({
      buyer_name: ['Bakker Transport B.V.'], buyer_postcode: ['5611 EM'], buyer_city: ['Eindhoven'], buyer_country: ['Niederlande'], buyer_tax_id: ['NL 959133938 B03'],
    });
  });

  it('is read in a column that starts two spaces right of the delivery block', () => {
    const close = [
      'Warenempfänger:',
      'Falk Bürotechnik GmbH  Kunden AG Mitte',
      'Industriestraße 83     Kundenstraße 15',
      '80333 München          69876 Frankfurt',
    ];
    expect(valuesOf(close.join('\n'), ['buyer_name', 'buyer_city'])).toEqual({ buyer_name: ['Kunden AG Mitte'], buyer_city: ['Frankfurt'] });
  });

  it('is read beside a Dutch delivery heading ("Bezorgadres")', () => {
    const dutch = ['Bezorgadres:', 'Magazijn Noord              Bakker Transport B.V.', 'Havenweg 4                  Marktplein 19', '3011 AD Rotterdam           5611 EM Eindhoven'];
    expect(valuesOf(dutch.join('\n'), ['buyer_name', 'buyer_city'])).toEqual({ buyer_name: ['Bakker Transport B.V.'], buyer_city: ['Eindhoven'] });
  });

  it('is none where the lines beside are labelled values, or where a heading names the buyer', () => {
    const labelled = page.map((line) => line.replace('Menuiserie Garnier EURL', 'Date : 05/03/2025').replace('169 avenue Jean Jaurès', 'Client n° : C-4711'));
    expect(valuesOf(labelled.join('\n'), ['buyer_name'])).toEqual({ buyer_name: [] });
    const headed = ['Client :', 'Boulangerie Martin', '3 place du Marché', '69001 Lyon', '', ...page.slice(4)];
    expect(valuesOf(headed.join('\n'), ['buyer_name'])).toEqual({ buyer_name: ['Boulangerie Martin'] });
  });
});

describe('blocks side by side under headings set vertically, one capital a row', () => {
  // Each letter runs into the block's line beside it, as a text PDF joins them ("V Holzbau Weber GmbH").
  const page = [
    'V Holzbau Weber GmbH        K Kunden AG                 Rechnungsdatum 05.03.2026',
    'E Sägewerkstraße 4          Ä z. Hd. Julia Berger       Rechnung Nr. R-4711',
    'R 83022 Rosenheim           U Marktplatz 2',
    'K                           F 80331 München',
    'Ä                           E',
    'U                           R',
    'F',
    'E',
    'R',
  ];
  const roles = ['issuer_name', 'issuer_street', 'issuer_city', 'buyer_name', 'buyer_street', 'buyer_postcode', 'buyer_city'];

  it("reads each party from the block beside its heading, up to the next column, the letters kept out of its lines", () => {
    expect(valuesOf(page.join('\n'), roles)).toEqual({
      issuer_name: ['Holzbau Weber GmbH'],
      issuer_street: ['Sägewerkstraße 4'],
      issuer_city: ['Rosenheim'],
      buyer_name: ['Kunden AG'],
      buyer_street: ['Marktplatz 2'],
      buyer_postcode: ['80331'],
      buyer_city: ['München'],
    });
  });

  it('reads no party beside capitals that spell no heading', () => {
    const noHeading = page.map((line) => line.replace(/^V/u, 'W').replace(/^(.{28})K/u, '$1M'));
    expect(sectionsOf(noHeading.join('\n'))).toEqual([]);
  });
});
