import { describe, expect, it } from 'vitest';
import { addressParts, type AddressLine } from '../../../../../src/engine/pipeline/fields/postal-address.js';

const lines = (...texts: string[]): AddressLine[] =>
  texts.map((text, row) => ({ segment: { page: 0, text, boxes: [], left: 0, right: 0, top: 0, bottom: 0 }, row, text, from: 0 }));
const partsOf = (...texts: string[]) => Object.fromEntries(Object.entries(addressParts(lines(...texts)).parts).map(([part, at]) => [part, at!.map((l) => l.text).join(' ')]));

describe('the parts of a postal address', () => {
  it('reads one printed over lines: street, postcode and town, a country under them', () => {
    expect(partsOf('Lindenallee 15', '80333 München', 'Deutschland')).toEqual({ street: 'Lindenallee 15', postcode: '80333', city: 'München', country: 'Deutschland' });
  });

  it('reads one run into a line with commas, past which a country and the telephone follow', () => {
    expect(partsOf('Lindenallee 15, 80333 München, Deutschland, Telefon +46 453 446948')).toEqual({ street: 'Lindenallee 15', postcode: '80333', city: 'München', country: 'Deutschland' });
    expect(partsOf('Via Roma, 12, 20121 Milano, Tel. 02 123456')).toEqual({ street: 'Via Roma, 12', postcode: '20121', city: 'Milano' });
  });

  it('reads one run into a line between bullets, bars or dashes, the name before it no part', () => {
    expect(partsOf('Northwind Distribution Inc. | 131 Market Street | Boston, MA 02108')).toEqual({ street: '131 Market Street', city: 'Boston', postcode: '02108' });
    expect(partsOf('Bei Spiel GmbH • Ecke 12 • 12345 Stadthausen')).toEqual({ street: 'Ecke 12', postcode: '12345', city: 'Stadthausen' });
  });

  it("reads an Italian town without its province's sign", () => {
    expect(partsOf('Corso Venezia 38', '50123 Firenze (FI)')).toEqual({ street: 'Corso Venezia 38', postcode: '50123', city: 'Firenze' });
  });

  it('reads a Dutch postcode with its two letters, and a town in capitals after four digits as the town', () => {
    expect(partsOf('Marktplein 19', '5611 EM Eindhoven')).toEqual({ street: 'Marktplein 19', postcode: '5611 EM', city: 'Eindhoven' });
    expect(partsOf('Keizersgracht 12', '1015CX Amsterdam')).toEqual({ street: 'Keizersgracht 12', postcode: '1015CX', city: 'Amsterdam' });
    expect(partsOf('Rue de la Station 4', '7100 LA LOUVIERE')).toEqual({ street: 'Rue de la Station 4', postcode: '7100', city: 'LA LOUVIERE' });
  });

  it('reads a British or Irish postcode standing alone under its town, or after it on one line', () => {
    expect(partsOf('14 Quay Street', 'Bristol', 'BS1 4DJ', 'United Kingdom')).toEqual({ street: '14 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ', country: 'United Kingdom' });
    expect(partsOf('145 Grafton Street', 'Dublin 8', 'D08 VF8H', 'Ireland')).toEqual({ street: '145 Grafton Street', city: 'Dublin 8', postcode: 'D08 VF8H', country: 'Ireland' });
    expect(partsOf('Lynch Supplies DAC, 145 Grafton Street, Limerick, V94 T9PX'.split(', ').join(' | '))).toEqual({ street: '145 Grafton Street', city: 'Limerick', postcode: 'V94 T9PX' });
    expect(partsOf('12 Patrick Street', 'Cork T12 R5CP')).toEqual({ street: '12 Patrick Street', city: 'Cork', postcode: 'T12 R5CP' });
  });

  it('ends the address at its postcode line: what follows is no part of it', () => {
    expect(addressParts(lines('Ecke 12', '12345 Stadthausen', 'USt-IdNr. DE123456789')).lines.map((l) => l.text)).toEqual(['Ecke 12', '12345 Stadthausen']);
  });
});
