import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInvoiceXml } from '../../../../src/shared-node/e-invoice/read-invoice-xml.js';
import { failureOfCall } from '../../../support/processing-failure.js';
import { sampleInvoice } from '../../engine/pipeline/e-invoice/invoice-fixture.js';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/e-invoice');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const read = (name: string) => readInvoiceXml(fixture(name), name).data;

describe('readInvoiceXml: CII', () => {
  it('reads a CII D16B invoice (Factur-X, ZUGFeRD 2, XRechnung) into every value of the invoice data', () => {
    // The per-10 price of the second line is a unit price of 200; the IBAN is given without its spaces.
    const { taxes: _taxes, ...expected } = sampleInvoice();
    expect(read('nordlicht.cii.xml')).toMatchObject({ ...expected, netTotal: '350', taxTotal: '66.5', total: '416.5', amountDue: '416.5', lines: expected.lines.map((l) => ({ ...l, unitPrice: String(Number(l.unitPrice)), amount: String(Number(l.amount)) })) });
  });

  it('takes the tax total in the invoice currency when the tax currency is given too', () => {
    expect(read('nordlicht.cii.xml').taxTotal).toBe('66.5');
  });

  it('reads ZUGFeRD 1.0 (CrossIndustryDocument) to the same values, a line of notes alone being no line', () => {
    const { syntax: _a, guideline: olderGuideline, ...older } = read('nordlicht.zugferd1.xml');
    const { syntax: _b, guideline: newerGuideline, ...newer } = read('nordlicht.cii.xml');
    expect(older).toEqual(newer);
    // Each says which specification it follows, in its own version's words.
    expect([olderGuideline, newerGuideline]).toEqual(['urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', 'urn:cen.eu:en16931:2017']);
  });
});

describe('readInvoiceXml: UBL 2.1', () => {
  it('reads a CreditNote: legal name over trading name, further street lines, the due date of its payment means, the tax total in its currency', () => {
    const data = read('nordlicht-credit.ubl.xml');
    expect(data).toMatchObject({ syntax: 'UBL', number: 'GS-2024-009', creditNote: true, typeCode: '381', issueDate: '2024-03-20', dueDate: '2024-04-19', currency: 'EUR', netTotal: '150', taxTotal: '28.5', total: '178.5', amountDue: '178.5', iban: 'DE02120300000000202051' });
    expect(data.seller).toEqual({ name: 'Nordlicht Werkstatt GmbH', street: 'Hafenweg 4', streetMore: 'Halle 2', postcode: '20457', city: 'Hamburg', country: 'DE', vatId: 'DE811234567', phone: '+49 40 123456' });
    expect(data.lines).toEqual([{ description: 'Wartung Heizung', quantity: '2', unit: 'HUR', unitPrice: '75', amount: '150', taxRate: '19' }]);
  });
});

describe('readInvoiceXml: what it refuses, each with a cause a clerk can read', () => {
  it('refuses a DOCTYPE, so entity expansion (billion laughs) never starts', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><Invoice>&lol3;</Invoice>`;
    expect(failureOfCall(() => readInvoiceXml(bomb, 'The XML file'))).toMatch(/^The XML file declares a DOCTYPE .* refused\.$/);
  });

  it('refuses an external entity that would read a file of the engine', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY secret SYSTEM "file:///etc/passwd">]><Invoice><ID>&secret;</ID></Invoice>`;
    expect(failureOfCall(() => readInvoiceXml(xxe, 'The XML file'))).toContain('DOCTYPE');
  });

  it('refuses an entity used without a declaration as not well-formed', () => {
    expect(failureOfCall(() => readInvoiceXml('<Invoice><ID>&secret;</ID></Invoice>', 'The XML file'))).toMatch(/^The XML file is not well-formed XML: /);
  });

  it('refuses nesting deeper than any invoice', () => {
    const deep = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    expect(failureOfCall(() => readInvoiceXml(deep, 'The XML file'))).toContain('nests elements more than 64 deep');
  });

  it('names the root of an XML that is no invoice', () => {
    expect(failureOfCall(() => readInvoiceXml('<Order xmlns="urn:x"/>', 'The XML file'))).toContain('its root element is <Order>');
  });

  it('says which value is not a number or not a date', () => {
    const broken = fixture('nordlicht.cii.xml').toString().replace('<ram:GrandTotalAmount>416.50', '<ram:GrandTotalAmount>4l6.50');
    expect(failureOfCall(() => readInvoiceXml(broken, 'The XML file'))).toBe('The invoice XML gives GrandTotalAmount as "4l6.50", which is not a number.');
    const undated = fixture('nordlicht.cii.xml').toString().replace('20240305', '05.03.2024');
    expect(failureOfCall(() => readInvoiceXml(undated, 'The XML file'))).toContain('gives the issue date as "05.03.2024"');
  });
});
