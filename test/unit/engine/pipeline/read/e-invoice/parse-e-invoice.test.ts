import { afterAll, describe, expect, it } from 'vitest';
import { OcrPool } from '../../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../../../../../../src/engine/pipeline/read/parse-file.js';
import { ProcessingFailure, type ParsedFile } from '../../../../../../src/engine/pipeline/document/parsed-document.js';
import { withPrintCheck } from '../../../../../../src/engine/pipeline/e-invoice/print-check.js';
import { eInvoiceFixture, makeFacturX, nordlichtPrint } from '../../../../../fixtures/e-invoice/factur-x-pdf.js';
import { makeTextPdf } from '../../../../../fixtures/text-pdf.js';
import { makeOfd } from '../../../../../fixtures/ofd-files.js';

// The real worker pool: PDF text layers, the drawn page's too, are read in its threads.
const reader = new OcrPool();
afterAll(() => reader.close());
const options = { dpi: 144, reader };

/** The text of the line a position falls on. */
function textAt(parsed: ParsedFile, position: { page: number; vertices: number[] }): string {
  const middle = (position.vertices[1]! + position.vertices[5]!) / 2;
  const x = (position.vertices[0]! + position.vertices[2]!) / 2;
  const line = parsed.document.pages[position.page]!.lines.find((l) => l.position[1]! <= middle && middle <= l.position[5]! && l.position[0]! <= x && x <= l.position[2]!);
  return line?.text ?? '';
}

describe('parseFile: XML e-invoices alone', () => {
  it('draws a page for an XML invoice and places each value where the page shows it', async () => {
    const parsed = await parseFile('xml', eInvoiceFixture('nordlicht.cii.xml'), options);
    expect(parsed.pages).toHaveLength(1);
    expect(parsed.pages[0]).toMatchObject({ width: 1191, height: 1684, dpi: 144 });
    const invoice = parsed.document.invoice!;
    expect(invoice.page).toBe('drawn');
    expect(invoice.data.number).toBe('RE-2024-117');
    const text = parsed.document.pages[0]!.lines.map((l) => l.text).join('\n');
    for (const shown of ['Nordlicht Werkstatt GmbH', 'Bergblick Hotel KG', 'Wartung Heizung', 'Ersatzteil Pumpe', '416.50']) expect(text).toContain(shown);
    expect(textAt(parsed, invoice.placements!.total![0]!)).toContain('416.50');
    expect(textAt(parsed, invoice.placements!['lines.1.description']![0]!)).toContain('Ersatzteil Pumpe');
    expect(textAt(parsed, invoice.placements!['buyer.name']![0]!)).toContain('Bergblick Hotel KG');
  });

  it('reads a UBL credit note the same way', async () => {
    const parsed = await parseFile('xml', eInvoiceFixture('nordlicht-credit.ubl.xml'), options);
    expect(parsed.document.pages[0]!.lines.map((l) => l.text).join('\n')).toContain('Credit note');
    expect(parsed.document.invoice!.data.creditNote).toBe(true);
  });

  it('fails a hostile XML file with the reason, and goes on reading the next file', async () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY secret SYSTEM "file:///etc/passwd">]><Invoice>&secret;</Invoice>';
    const error = await parseFile('xml', new TextEncoder().encode(xxe), options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessingFailure);
    expect((error as Error).message).toMatch(/^The XML file declares a DOCTYPE/);
    expect((await parseFile('xml', eInvoiceFixture('nordlicht.cii.xml'), options)).document.invoice).toBeDefined();
  });
});

describe('parseFile: the fully digital e-invoice XML (数电票)', () => {
  const special = () => eInvoiceFixture('huaxin-special.einvoice.xml');

  it('reads the XML exactly onto a drawn page, each value placed where it was drawn', async () => {
    const parsed = await parseFile('xml', special(), options);
    const invoice = parsed.document.invoice!;
    expect(invoice).toMatchObject({ page: 'drawn', data: { syntax: 'EInvoice', number: '24442000000071234567', kind: 'special', total: '16720' } });
    expect(invoice.data.lines.map((l) => l.description)).toEqual(['*信息技术服务*软件维护服务费', '*计算机外部设备*激光打印机']);
    expect(textAt(parsed, invoice.placements!.number![0]!)).toContain('24442000000071234567');
    expect(textAt(parsed, invoice.placements!.total![0]!)).toContain('16720.00');
  });

  it('reads the same invoice from an OFD carrying the XML: the same number, so the two meet as one invoice', async () => {
    const xml = new TextDecoder().decode(special());
    const ofd = makeOfd({ pages: [[{ id: 1, x: 10, y: 10, size: 4, text: '发票号码：24442000000071234567', font: 2 }]], invoiceXml: xml });
    const [fromOfd, fromXml] = await Promise.all([parseFile('ofd', ofd, options), parseFile('xml', special(), options)]);
    expect(fromOfd.document.invoice!.data.number).toBe(fromXml.document.invoice!.data.number);
    expect(fromOfd.document.invoice!.data.invoiceCode).toBeUndefined();
  });

  it('fails an external entity, an entity expansion and 50 MB of items each with its cause, and goes on reading', async () => {
    const xml = new TextDecoder().decode(special());
    const item = xml.slice(xml.indexOf('<IssuItemInformation>'), xml.indexOf('</IssuItemInformation>') + '</IssuItemInformation>'.length);
    const hostile = [
      xml.replace('<EInvoice>', '<!DOCTYPE EInvoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><EInvoice>').replace('李明', '&x;'),
      xml.replace('<EInvoice>', '<!DOCTYPE EInvoice [<!ENTITY a "哈哈哈哈哈哈哈哈"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><EInvoice>').replace('李明', '&b;'),
      xml.replace(item, item.repeat(Math.ceil((50 * 1024 * 1024) / item.length))),
    ];
    const causes = await Promise.all(hostile.map((h) => parseFile('xml', new TextEncoder().encode(h), options).catch((e: unknown) => e)));
    expect(causes.every((e) => e instanceof ProcessingFailure)).toBe(true);
    expect(causes.map((e) => (e as Error).message.slice(0, 40))).toEqual(['The XML file declares a DOCTYPE (a DTD w', 'The XML file declares a DOCTYPE (a DTD w', 'The XML file holds more than 500000 elem']);
    expect((await parseFile('xml', special(), options)).document.invoice?.data.number).toBe('24442000000071234567');
  });
});

describe('parseFile: PDFs carrying their invoice XML (Factur-X, ZUGFeRD, XRechnung)', () => {
  it('keeps the printed page and carries the XML values and amounts, the print agreeing with them', async () => {
    const parsed = await parseFile('pdf', await makeFacturX(nordlichtPrint(), eInvoiceFixture('nordlicht.cii.xml')), options);
    expect(parsed.document.pages[0]!.lines[1]!.text).toBe('Rechnung RE-2024-117');
    expect(parsed.document.invoice).toMatchObject({ page: 'original' });
    expect(parsed.document.invoice!.statedAmounts).toContain(41650);
    expect(withPrintCheck(parsed.document).invoice).toMatchObject({ disagreements: [] });
    expect(parsed.document.invoice!.data.total).toBe('416.5');
  });

  it('finds the attachment by its root when it has no standard name', async () => {
    const parsed = await parseFile('pdf', await makeFacturX(nordlichtPrint(), eInvoiceFixture('nordlicht.cii.xml'), 'rechnung-daten.xml'), options);
    expect(parsed.document.invoice?.data.number).toBe('RE-2024-117');
  });

  it('says where the print disagrees with the XML: the page prints 461,50 as the total, the XML 416.50', async () => {
    const parsed = await parseFile('pdf', await makeFacturX(nordlichtPrint('461,50'), eInvoiceFixture('nordlicht.cii.xml')), options);
    const [disagreement, ...more] = withPrintCheck(parsed.document).invoice!.disagreements!;
    expect(more).toEqual([]);
    expect(disagreement).toMatchObject({ path: 'total', printed: '461,50', given: '416.5' });
    expect(textAt(parsed, disagreement!.position)).toContain('461,50');
  });

  it('reads a PDF without attachments as printed', async () => {
    expect((await parseFile('pdf', await makeTextPdf([nordlichtPrint()]), options)).document.invoice).toBeUndefined();
  });

  it('fails a PDF whose attached invoice XML declares entities, naming the attachment', async () => {
    const pdf = await makeFacturX(nordlichtPrint(), '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]><rsm:CrossIndustryInvoice xmlns:rsm="urn:x">&a;</rsm:CrossIndustryInvoice>');
    await expect(parseFile('pdf', pdf, options)).rejects.toThrow("The PDF's attached invoice factur-x.xml declares a DOCTYPE");
  });
});

describe('parseFile as a cloud stand-in (invoiceXml: false)', () => {
  it('reads a Factur-X PDF from its print alone, its attachment unread, and refuses a bare XML', async () => {
    const standIn = { ...options, invoiceXml: false };
    // Even an attachment that would fail the PDF is never opened.
    const hostile = await makeFacturX(nordlichtPrint(), '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]><rsm:CrossIndustryInvoice xmlns:rsm="urn:x">&a;</rsm:CrossIndustryInvoice>');
    const parsed = await parseFile('pdf', hostile, standIn);
    expect(parsed.document.pages[0]!.lines[1]!.text).toBe('Rechnung RE-2024-117');
    expect(parsed.document.invoice).toBeUndefined();
    await expect(parseFile('xml', eInvoiceFixture('nordlicht.cii.xml'), standIn)).rejects.toThrow(ProcessingFailure);
  });
});
