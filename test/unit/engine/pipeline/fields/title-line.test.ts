import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { NUMBER_MARKERS, TITLE_WORDS } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';
import { textDocument } from '../document-fixture.js';
import { titleLine } from '../../../../../src/engine/pipeline/fields/title-line.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';

const spec = (name: string) => fieldSpecOf({ name, definition: { name } });
const header = (text: string, names = ['Invoice number', 'Issue date']) => extractFields(textDocument(text), names.map(spec)).map((f) => f.value);

// A German e-invoice's printed view: a stylesheet's version date and the order's number and date around the title.
const STYLESHEET_PAGE = [
  'Stylesheet zur Lesbarmachung der XML-Daten von ZUGFeRD-Rechnungen',
  'ZUGFeRD-Version: 2.1 vom 24.03.2020',
  'Handelsrechnung (380) Nr. 471102 vom 05.06.2018',
  'Rechnungswährung : EUR',
  'Bestellung : 2013-471331',
  'Käufer:',
  'Nummer : GE2020211',
  'Kunden AG Mitte',
  'Rechnung gemäß Bestellung Nr. 2018-471331 vom 01.03.2018.',
  'Bestell-Datum : 01.03.2018',
].join('\n');

describe("the document's title line: its number and date", () => {
  it('takes the number and date the title prints over a version date, an order number and an order date', () => {
    expect(header(STYLESHEET_PAGE, ['Invoice number', 'Issue date', 'Currency'])).toEqual(['471102', '05.06.2018', 'EUR']);
  });

  it.each([
    ['Tax Invoice No. INV-2024-118 dated 03/05/2024', 'INV-2024-118', '03/05/2024'],
    ['Facture N° F-2020-017 du 05/06/2020', 'F-2020-017', '05/06/2020'],
    ['Factura nº A-481 del 12/02/2023', 'A-481', '12/02/2023'],
    ['Rechnung des Versicherers (575) Nr. 01.234.567.8-2018-1 vom 06.12.2018', '01.234.567.8-2018-1', '06.12.2018'],
    ['Gutschrift (Selbst ausgestellte Rechnung) Nr. 47110818\nvom 31.10.2018', '47110818', '31.10.2018'],
    ['Gutschrift (Selbst ausgestellte Rechnung) Nr. 471102 vom\n05.03.2018', '471102', '05.03.2018'],
  ])('reads "%s" in any of its languages and forms', (title, number, date) => {
    expect(header(`Musterfirma GmbH\nVersion 2.0 vom 01.01.2017\n${title}\nBestellung Nr. 2018-51112`)).toEqual([number, date]);
  });

  it('reads the currency the amounts are given in ("Beträge in EUR", "All amounts in GBP")', () => {
    expect(header('Rechnung Nr. 4711\nBeträge in  EUR', ['Currency'])).toEqual(['EUR']);
    expect(header('Invoice No. 4711\nAll amounts in  GBP', ['Currency'])).toEqual(['GBP']);
  });

  it("keeps a scan's id whole when the recognizer set its dots apart", () => {
    expect(header('Rechnung des Versicherers Nr. 00. 123. 456 .7-2018-1 vom 06.12.2018')[0]).toBe('00. 123. 456 .7-2018-1');
  });

  it('takes no title from a sentence that names another document, or from a waybill: nothing sure', () => {
    const fields = extractFields(textDocument('Rechnung gemäß Bestellung Nr. 2018-471331 vom 01.03.2018.\nWaybill No. 778812 of 02.03.2018'), [spec('Invoice number'), spec('Issue date')]);
    expect(fields.map((f) => f.confidence ?? 0).every((c) => c < 0.9)).toBe(true);
  });

  // The titles and number marks are the vocabulary's, as the split reads them (page-signs.test.ts).
  it.each(TITLE_WORDS)('reads the number and date after the title "%s"', (title) => {
    expect(header(`${title.toUpperCase()} Nr. 4711 vom 05.03.2024`)).toEqual(['4711', '05.03.2024']);
  });

  it.each([
    ['Tax Invoice INV070845', 'INV070845'],
    ['INVOICE 00.123.456.7-2018-1', '00.123.456.7-2018-1'],
    ['Credit Note RK21012345', 'RK21012345'],
  ])('reads the number standing after the title with no mark: %s', (title, number) => {
    expect(header(title)[0]).toBe(number);
  });

  it.each(['Invoice 05/06/2018', 'Invoice 1/2', 'Invoice total 23.54', 'Original invoice INV125169', 'Credit for invoice 39582'])('takes no number for the title line from a date, a page count or a label after the title, nor from another document named before it: %s', (title) => {
    expect(titleLine(rowsOf(textDocument(title))).number).toBeUndefined();
  });

  it.each(NUMBER_MARKERS)('reads the number after the mark "%s"', (marker) => {
    expect(header(`Invoice ${marker} 4711`)[0]).toBe('4711');
  });
});
