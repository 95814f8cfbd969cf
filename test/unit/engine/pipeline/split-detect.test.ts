import { describe, expect, it } from 'vitest';
import { detectDocuments } from '../../../../src/engine/pipeline/split-detect.js';
import type { PageSheet } from '../../../../src/engine/pipeline/split/sheet-marks.js';
import { textDocument } from './document-fixture.js';

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
});
