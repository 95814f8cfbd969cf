import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { roleOfColumn, rolesInText } from '../../../../../src/engine/pipeline/tables/column-roles.js';

const roles = (text: string) => rolesInText(text).map((m) => m.role);

describe('column roles', () => {
  it('reads the printed headers of the same columns in en, zh, de, fr, es, it, nl and ja', () => {
    const headers = [
      ['Description', 'Qty', 'Unit Price', 'Amount'],
      ['货物或应税劳务、服务名称', '数量', '单价', '金额'],
      ['Bezeichnung', 'Menge', 'Einzelpreis', 'Betrag'],
      ['Désignation', 'Qté', 'Prix unitaire', 'Montant HT'],
      ['Descripción', 'Cantidad', 'Precio unitario', 'Importe'],
      ['Descrizione', 'Quantità', 'Prezzo unitario', 'Importo'],
      ['Omschrijving', 'Aantal', 'Eenheidsprijs', 'Bedrag'],
      ['品名', '数量', '単価', '金額'],
    ];
    for (const row of headers) expect(row.map((h) => roles(h)[0])).toEqual(['description', 'quantity', 'unit_price', 'line_amount']);
  });

  it('tells a tax rate from a tax amount, and a discount, a unit and a position from the rest', () => {
    expect(['Taxes', 'USt. %', 'Steuersatz', 'TVA', '税率', 'Tax amount', 'Steuerbetrag', 'Montant TVA', '税额', 'Disc.%', 'Rabatt', 'Remise', 'Einheit', 'Unité', 'Pos.', '#', 'Art.-Nr.', 'SKU'].map((h) => roles(h)[0])).toEqual([
      'tax_rate', 'tax_rate', 'tax_rate', 'tax_rate', 'tax_rate', 'tax', 'tax', 'tax', 'tax', 'discount', 'discount', 'discount', 'unit', 'unit', 'position', 'position', 'item_code', 'item_code',
    ]);
  });

  it("reads a 数电票's 税率/征收率 as one tax-rate head over its whole width, not by its tail", () => {
    expect(rolesInText('税率/征收率')).toEqual([{ role: 'tax_rate', start: 0, end: 6, length: 5 }]);
  });

  it('reads a compound word by its head, whatever spacing the text layer put inside it', () => {
    expect(roles('Positions-betrag')).toEqual(['line_amount']);
    expect(roles('Basismenge')).toEqual(['quantity']);
    expect(roles('Betr ag')).toEqual(['line_amount']);
    expect(roles('Artikelbezeichnung')).toEqual(['description']);
  });

  it('reads two heads a text layer ran together, a capital after a small letter starting the second', () => {
    expect(roles('QtéPrix unitaire HT')).toEqual(['quantity', 'unit_price']);
    expect(roles('MengeEinzelpreis')).toEqual(['quantity', 'unit_price']);
    expect(roles('MwSt.-Satz')).toEqual(['tax_rate']);
  });

  it('reads the heads of more wordings: "Units" is a quantity, "Preis/Einheit" a unit price, "Imponibile" and "Base" an amount', () => {
    expect(['Units', 'Preis/Einheit', 'Price per unit', 'Imponibile', 'Base imponible'].map((h) => roles(h).at(-1))).toEqual(['quantity', 'unit_price', 'unit_price', 'line_amount', 'line_amount']);
    expect(roles('Unit price')).toEqual(['unit_price']);
    expect(['Prix unit.', 'Prezzo unit.', 'P. unit.'].map(roles)).toEqual([['unit_price'], ['unit_price'], ['unit_price']]);
  });

  it('takes a short word only as a whole word: "Ust" in "August" or "me" in "Name" is no column', () => {
    expect(roles('August')).toEqual([]);
    expect(roles('Name')).toEqual([]);
  });

  it("gives a configured column the role of its identity, else of its name or an alias, in any of the languages", () => {
    const role = (name: string, definition: { identity?: string; alias?: string[] } = {}) => roleOfColumn(fieldSpecOf({ name, definition }));
    expect([role('Unit price'), role('Menge'), role('Item', { identity: 'description' }), role('Artikel'), role('Preis je Stück', { alias: ['Einzelpreis'] }), role('Customer reference')]).toEqual([
      'unit_price', 'quantity', 'description', 'description', 'unit_price', undefined,
    ]);
  });
});
