import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { ATTENTION_WORDS, SALUTATIONS } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';
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
      'Buyer name': 'Frau Dr. Anna Schmitt',
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

  it('take a sender line run together with commas, and no line that opens with a street for a sender', () => {
    const commas = ['Falk Metallbau GmbH, Industriestraße 108, 86150 Augsburg', 'Falk Elektro GmbH & Co. KG', 'Lindenallee 75', '86150 Augsburg'].join('\n');
    expect([parties(commas)['Seller street'], parties(commas)['Buyer name'], parties(commas)['Buyer street']]).toEqual(['Industriestraße 108', 'Falk Elektro GmbH & Co. KG', 'Lindenallee 75']);
    const letterhead = ['Lindenallee 15, 80333 München, Telefon 089 1234', 'Kraus Elektro AG', 'Hauptstraße 154', '70173 Stuttgart'].join('\n');
    expect(parties(letterhead)['Buyer name']).toBe('');
  });

  it('take a salutation on its own line and the name and address under it as the buyer, with no sender line over them', () => {
    const letter = ['MVM Musterhafter', 'Versicherungsverein Musterstadt a.G.', '', 'Herrn', 'Max Mustermann', 'Musterstr. 11', '12346 Bad Musterhausen', '', 'Versicherungsbüro', 'Tel.: 0123/45678', '', 'Beitragsrechnung'].join('\n');
    const found = parties(letter);
    expect([found['Buyer name'], found['Buyer street'], found['Buyer postcode'], found['Buyer city']]).toEqual(['Herrn Max Mustermann', 'Musterstr. 11', '12346', 'Bad Musterhausen']);
  });

  // One rule for both readers: a salutation of the vocabulary joins the name under it, an attention line is nobody's name.
  const printed = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  const person = (salutation: string) => [salutation, 'Max Mustermann', 'Musterstr. 11', '12346 Bad Musterhausen'];

  it.each(SALUTATIONS)('join the salutation "%s" to the name under it, in a party\'s block and in a letter\'s window alike', (word) => {
    const block = ['Rechnung Nr. 4711', '', 'Käufer:', ...person(printed(word))].join('\n');
    const window = ['MVM Musterhafter', 'Versicherungsverein Musterstadt a.G.', '', ...person(printed(word)), '', 'Beitragsrechnung'].join('\n');
    expect([parties(block)['Buyer name'], parties(window)['Buyer name']]).toEqual([`${printed(word)} Max Mustermann`, `${printed(word)} Max Mustermann`]);
  });

  it.each(ATTENTION_WORDS)('take no name from an attention line opening with "%s"', (word) => {
    const block = ['Rechnung Nr. 4711', '', 'Käufer:', `${word} Frau Meier`, 'Muster GmbH', 'Musterstr. 11', '12346 Bad Musterhausen'].join('\n');
    expect(parties(block)['Buyer name']).toBe('Muster GmbH');
  });
});

describe('a letterhead line of address pieces over the sender line', () => {
  it('is not the sender line: the window starts under the last line of pieces', () => {
    const letter = [
      '              Wouters Kantoorinrichting NV',
      '  Nieuwstraat 60 · 2000 Antwerpen · BELGIË · Telefoon +32 3 227 9392',
      '',
      'Wouters Kantoorinrichting NV - Nieuwstraat 60 - 2000 Antwerpen',
      'Tipografia Bianchi S.a.s.',
      'Via Garibaldi 165',
      '20121 Milano (MI)',
      '',
      'Factuur 2025/5000',
    ].join('\n');
    expect(parties(letter)).toMatchObject({ 'Buyer name': 'Tipografia Bianchi S.a.s.', 'Buyer street': 'Via Garibaldi 165', 'Buyer city': 'Milano' });
  });
});
