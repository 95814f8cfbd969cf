import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { textDocument } from '../document-fixture.js';

const NAMES = ['Seller name', 'Seller street', 'Seller postcode', 'Seller city', 'Buyer name', 'Buyer street', 'Buyer postcode', 'Buyer city'];
const parties = (text: string) => Object.fromEntries(extractFields(textDocument(text), NAMES.map((name) => fieldSpecOf({ name, definition: { name } }))).map((f) => [f.key, f.value]));

// A letter as DIN 5008 lays it out: the sender's line over the address window, the letterhead on the right.
const LETTER = [
  '                                            Holzbau Krämer GmbH',
  'Holzbau Krämer GmbH • Sägewerkstr. 3 • 79098 Freiburg       Sägewerkstr. 3',
  'Frau                                                        79098 Freiburg',
  'Dr. Anna Schmitt                                            Tel. 0761 1234',
  'Lindenweg 7',
  '80331 München',
  '',
  'Rechnung Nr. 2026-118 vom 02.03.2026',
].join('\n');

describe("a letter's sender line and address window", () => {
  it("read the sender line as the seller and the window under it, down to its postcode line, as the buyer", () => {
    expect(parties(LETTER)).toEqual({
      'Seller name': 'Holzbau Krämer GmbH',
      'Seller street': 'Sägewerkstr. 3',
      'Seller postcode': '79098',
      'Seller city': 'Freiburg',
      'Buyer name': 'Dr. Anna Schmitt',
      'Buyer street': 'Lindenweg 7',
      'Buyer postcode': '80331',
      'Buyer city': 'München',
    });
  });

  it('take pieces separated by bars too, and no window without a postcode line', () => {
    const bars = ['Acme GmbH | Europa-Allee 19 | 60486 Frankfurt', 'Karl Coyote', 'Uferstraße 113', '88045 Friedrichshafen'].join('\n');
    expect(parties(bars)['Buyer name']).toBe('Karl Coyote');
    const noWindow = ['Acme GmbH | Europa-Allee 19 | 60486 Frankfurt', 'Zahlungsinformationen', 'Bitte überweisen Sie'].join('\n');
    expect(parties(noWindow)['Buyer name']).toBe('');
  });

  it('take a salutation on its own line and the name and address under it as the buyer, with no sender line over them', () => {
    const letter = ['MVM Musterhafter', 'Versicherungsverein Musterstadt a.G.', '', 'Herrn', 'Max Mustermann', 'Musterstr. 11', '12346 Bad Musterhausen', '', 'Versicherungsbüro', 'Tel.: 0123/45678', '', 'Beitragsrechnung'].join('\n');
    const found = parties(letter);
    expect([found['Buyer name'], found['Buyer street'], found['Buyer postcode'], found['Buyer city']]).toEqual(['Herrn Max Mustermann', 'Musterstr. 11', '12346', 'Bad Musterhausen']);
  });
});
