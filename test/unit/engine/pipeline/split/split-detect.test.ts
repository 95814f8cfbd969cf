import { describe, expect, it } from 'vitest';
import { detectDocuments } from '../../../../../src/engine/pipeline/split/split-detect.js';
import type { PageSheet } from '../../../../../src/engine/pipeline/document/parsed-document.js';
import { textDocument } from '../document-fixture.js';

const receipt = (shop: string, no: string) =>
  [`${shop} SDN BHD`, 'NO 12, JALAN MERANTI, 43000 KAJANG', `Receipt No: ${no}`, 'Date: 12/03/2018', 'Item        Qty   Amount', 'Rice         1     4.50', 'TOTAL             4.50', 'THANK YOU'].join('\n');
const invoiceFirst = (no: string) =>
  ['INVOICE', 'Muster GmbH, Hauptstr. 1, 10115 Berlin', `Invoice No: ${no}`, 'Invoice date: 2025-01-02', '', 'Pos  Item            Amount', '1    Desk            100.00', '2    Chair            50.00'].join('\n');
const headerless = ['3    Lamp             20.00', '4    Shelf            30.00', '', '', '', '', '', 'Total          200.00'].join('\n');
const parse = (pages: string[], sheets: PageSheet[] = []) => ({ document: textDocument(...pages), sheets });
const parts = (pages: string[], sheets?: PageSheet[]) => detectDocuments(parse(pages, sheets), []).parts.map((p) => p.pages);

describe('detectDocuments', () => {
  it('starts a new document at each receipt, even of the same layout, when the shop and the number change', () => {
    expect(parts([receipt('KEDAI MAJU', 'CS001'), receipt('RESTORAN SEDAP', 'CS777'), receipt('RESTORAN SEDAP', 'CS778')])).toEqual([[0], [1], [2]]);
  });

  it('keeps a page with no header with the open invoice before it', () => {
    expect(parts([invoiceFirst('4711'), headerless, receipt('KEDAI MAJU', 'CS001')])).toEqual([[0, 1], [2]]);
  });

  it('follows printed page numbers in any language: "Seite 2 von 3" continues, "page 1 of 2" starts', () => {
    const seite = (n: number, of: number) => `Muster GmbH   Seite ${n} von ${of}\nPositionen\n1 Tisch 10,00`;
    expect(parts([seite(1, 3), seite(2, 3), seite(3, 3), 'ACME Ltd   Page 1 of 2\nItems\nDesk 10.00', 'Page 2 of 2\nTotal 10.00'])).toEqual([[0, 1, 2], [3, 4]]);
  });

  it('keeps pages that print the same invoice number together', () => {
    const repeat = `Invoice No: 4711\n${headerless}`;
    expect(parts([`${invoiceFirst('4711')}\nTotal 150.00`, repeat])).toEqual([[0, 1]]);
  });

  it('drops blank pages and says so, and a page the reader made stray characters of but holding no ink', () => {
    const plan = detectDocuments(parse([invoiceFirst('1'), '', headerless, '0000 000000'], [{ page: 3, ink: 0, barShare: 0, bars: 0 }]), []);
    expect(plan.parts.map((p) => p.pages)).toEqual([[0, 2]]);
    expect(plan.dropped).toEqual([{ page: 1, reason: 'blank' }, { page: 3, reason: 'blank' }]);
  });

  it('drops a barcode separator sheet or a printed separator word and starts a new document after it', () => {
    const barcode: PageSheet = { page: 2, ink: 0.03, barShare: 0.99, bars: 45 };
    const plan = detectDocuments(parse([invoiceFirst('1'), headerless, '0007907', headerless, 'TRENNBLATT', headerless], [barcode]), []);
    expect(plan.parts.map((p) => p.pages)).toEqual([[0, 1], [3], [5]]);
    expect(plan.dropped).toEqual([{ page: 2, reason: 'separator' }, { page: 4, reason: 'separator' }]);
  });

  it('reports every boundary with its confidence and the signs that weighed', () => {
    const { boundaries } = detectDocuments(parse([invoiceFirst('4711'), headerless, receipt('KEDAI MAJU', 'CS001')]), []);
    expect(boundaries.map((b) => [b.page, b.starts])).toEqual([[1, false], [2, true]]);
    expect(boundaries[0]!.reasons).toContain('no header');
    expect(boundaries[1]!.reasons.join('; ')).toMatch(/header \(.*number.*\)/);
    // More signs agreeing make a surer boundary: a separator sheet on top of the receipt's header.
    const separated = detectDocuments(parse([invoiceFirst('4711'), 'SEPARATOR', receipt('KEDAI MAJU', 'CS001')]), []).boundaries[0]!;
    expect(separated.confidence).toBeGreaterThan(boundaries[1]!.confidence);
    expect(boundaries[1]!.confidence).toBeGreaterThan(0.5);
  });

  it('takes no title from a continuation page whose word only holds a title word (Berechnungszeitraum, Rechnungssumme)', () => {
    const next = ['1  Toolbox Stahlcoil  100,00  10 Stk  1000,00', 'Berechnungszeitraum: 01.10.2018 bis 31.10.2018', 'Rechnungssumme ohne USt.  2000,00', 'Zahlbetrag  2000,00'].join('\n');
    expect(parts([invoiceFirst('4711'), next])).toEqual([[0, 1]]);
  });

  it('takes no title from a sentence that opens with a document word', () => {
    const next = ['Rechnung werden die nachgelieferten Steaks berechnet.', 'Zahlbar bis 04.07.2018', 'Zahlbetrag  23,54'].join('\n');
    expect(parts([invoiceFirst('4711'), next])).toEqual([[0, 1]]);
  });

  it('reads "4 kg" on an item row as a weight, not as a company\'s legal form (KG)', () => {
    const next = ['Schweinesteak  5,50  4 kg  22,00', 'Lieferdatum 03.06.2018', 'Zahlbetrag  23,54'].join('\n');
    expect(parts([invoiceFirst('4711'), next])).toEqual([[0, 1]]);
    // In capitals after a name it is a letterhead still: with a date, a first page's header.
    expect(parts([invoiceFirst('4711'), ['Metallbau Leipzig GmbH & Co. KG', 'Lieferdatum 03.06.2018', 'Zahlbetrag  23,54'].join('\n')])).toEqual([[0], [1]]);
  });

  it('keeps the next page with a page that ends in a table head with no row under it, even when that page repeats the letterhead', () => {
    const first = [invoiceFirst('4711').split('\n').slice(0, 4).join('\n'), ...Array<string>(26).fill(''), 'Pos  Beschreibung  Menge  Einzelpreis  Betrag'].join('\n');
    const next = ['Muster GmbH, Berlin, 02.01.2025', '1  Desk  1  100,00  100,00', 'Gesamtbetrag  100,00'].join('\n');
    expect(parts([first, next])).toEqual([[0, 1]]);
    // The same head with its rows under it: the table may have ended on its page, the letterhead starts a document.
    const whole = [first, '1  Desk  1  100,00  100,00', '2  Chair  1  50,00  50,00'].join('\n');
    expect(parts([whole, next])).toEqual([[0], [1]]);
  });

  it('counts a seller already named on the document (the account holder on a last page) as no new letterhead, yet splits the same seller\'s next invoice', () => {
    const next = ['Zahlungsbedingungen:', 'Fällig am 03.10.2018', 'Kontoname: Muster GmbH', 'IBAN: DE12 1234 5678 9012 3456 78', 'Zahlbetrag  9,00'].join('\n');
    expect(parts([invoiceFirst('4711'), next])).toEqual([[0, 1]]);
    expect(parts([invoiceFirst('4711'), next, invoiceFirst('4712')])).toEqual([[0, 1], [2]]);
  });

  it('starts a second copy of an invoice (its number under a title again, after a page that closed), but keeps a page repeating the number after an open page', () => {
    const closed = [invoiceFirst('4711'), ...Array<string>(12).fill(''), headerless].join('\n');
    expect(parts([closed, closed])).toEqual([[0], [1]]);
    expect(parts([invoiceFirst('4711'), closed])).toEqual([[0, 1]]);
  });
});
