import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnInvoicePdf } from '../../../../src/shared-node/e-invoice/drawn-invoice-pdf.js';
import { facturXLevelOf } from '../../../../src/shared-node/e-invoice/pdf-a3.js';
import { parseStrictXml } from '../../../../src/shared-node/xml/parse-strict-xml.js';
import { childOf, childrenOf, type XmlElement } from '../../../../src/shared-node/xml/xml-element.js';
import { E_INVOICE_FIXTURES } from '../../../fixtures/e-invoice/factur-x-pdf.js';
import { pdfContents } from '../../../support/pdf-contents.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CII = join(E_INVOICE_FIXTURES, 'nordlicht.cii.xml');
const UBL = join(E_INVOICE_FIXTURES, 'nordlicht-credit.ubl.xml');
const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
};

/** The drawn PDF as pdf-lib reads it back: catalog, trailer, Info, and the XMP packet parsed as XML. */
async function drawn(path: string) {
  const xml = await readFile(path);
  const bytes = (await drawnInvoicePdf(xml)).pdf;
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const metadata = rawStream(doc.catalog, 'Metadata');
  const packet = new TextDecoder().decode(metadata.contents);
  const xmp = parseStrictXml(packet, { subject: 'The XMP', namespaces: true, maxElements: 500, refusals: { doctype: '', tooDeep: '', tooMany: '' } });
  return { xml, bytes, doc, metadata, xmp };
}

/** A stream as written (pdf-lib's typed lookup knows no raw streams). */
function rawStream(dict: PDFDict, key: string): PDFRawStream {
  const stream = dict.lookup(PDFName.of(key));
  expect(stream).toBeInstanceOf(PDFRawStream);
  return stream as PDFRawStream;
}

/** Every element of the packet in a namespace with this local name, in document order. */
function all(root: XmlElement, uri: string, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (e.uri === uri && e.name === name) found.push(e);
    e.children.forEach(walk);
  };
  walk(root);
  return found;
}
const textOf = (root: XmlElement, uri: string, name: string) => all(root, uri, name).map((e) => e.text.trim());
const infoText = (doc: PDFDocument, key: string) => (doc.context.lookup(doc.context.trailerInfo.Info, PDFDict).lookup(PDFName.of(key)) as PDFString | PDFHexString).decodeText();

describe('the drawn PDF of an XML invoice as PDF/A-3', () => {
  it('declares PDF/A-3 level B and the Factur-X properties in an unfiltered XMP packet, with the extension schema that describes fx:', async () => {
    const { xmp, metadata } = await drawn(CII);
    expect(metadata.dict.get(PDFName.of('Filter'))).toBeUndefined();
    expect(metadata.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('XML'));
    expect(textOf(xmp, NS.pdfaid, 'part')).toEqual(['3']);
    expect(textOf(xmp, NS.pdfaid, 'conformance')).toEqual(['B']);
    expect(textOf(xmp, NS.fx, 'DocumentType')).toEqual(['INVOICE']);
    expect(textOf(xmp, NS.fx, 'DocumentFileName')).toEqual(['factur-x.xml']);
    expect(textOf(xmp, NS.fx, 'Version')).toEqual(['1.0']);
    expect(textOf(xmp, NS.fx, 'ConformanceLevel')).toEqual(['EN 16931']);
    expect(textOf(xmp, NS.pdfaSchema, 'namespaceURI')).toEqual([NS.fx]);
    expect(textOf(xmp, NS.pdfaSchema, 'prefix')).toEqual(['fx']);
    expect(textOf(xmp, NS.pdfaProperty, 'name').sort()).toEqual(['ConformanceLevel', 'DocumentFileName', 'DocumentType', 'Version']);
  });

  it('keeps the Info dictionary equal to the XMP: title, producer, creator tool and dates', async () => {
    const { doc, xmp } = await drawn(CII);
    const title = all(xmp, 'http://purl.org/dc/elements/1.1/', 'title')[0]!;
    expect(childrenOf(childOf(title, 'Alt'), 'li').map((li) => li.text)).toEqual([infoText(doc, 'Title')]);
    expect(infoText(doc, 'Title')).toBe('Invoice RE-2024-117');
    expect(textOf(xmp, 'http://ns.adobe.com/pdf/1.3/', 'Producer')).toEqual([infoText(doc, 'Producer')]);
    expect(textOf(xmp, 'http://ns.adobe.com/xap/1.0/', 'CreatorTool')).toEqual([infoText(doc, 'Creator')]);
    // D:YYYYMMDDHHmmSSZ and YYYY-MM-DDTHH:mm:ssZ name the same second.
    const asXmp = (pdfDate: string) => pdfDate.replace(/^D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
    expect(textOf(xmp, 'http://ns.adobe.com/xap/1.0/', 'CreateDate')).toEqual([asXmp(infoText(doc, 'CreationDate'))]);
    expect(textOf(xmp, 'http://ns.adobe.com/xap/1.0/', 'ModifyDate')).toEqual([asXmp(infoText(doc, 'ModDate'))]);
  });

  it('has an sRGB output intent whose profile is resources/icc/sRGB.icc byte for byte', async () => {
    const { doc } = await drawn(CII);
    const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(intent.lookup(PDFName.of('OutputConditionIdentifier'), PDFString).decodeText()).toBe('sRGB IEC61966-2.1');
    const profile = rawStream(intent, 'DestOutputProfile');
    expect(profile.dict.get(PDFName.of('N'))?.toString()).toBe('3');
    expect(Buffer.from(decodePDFRawStream(profile).decode()).equals(await readFile(join(ROOT, 'resources/icc/sRGB.icc')))).toBe(true);
  });

  it('lists the XML in the catalog /AF as Alternative, a text/xml file with its dates, and pdf.js reads it back unchanged', async () => {
    const { doc, bytes, xml } = await drawn(CII);
    const associated = doc.catalog.lookup(PDFName.of('AF'), PDFArray);
    expect(associated.size()).toBe(1);
    const spec = associated.lookup(0, PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    expect(spec.lookup(PDFName.of('UF'), PDFHexString).decodeText()).toBe('factur-x.xml');
    const file = rawStream(spec.lookup(PDFName.of('EF'), PDFDict), 'F');
    expect(file.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
    expect(file.dict.lookup(PDFName.of('Params'), PDFDict).get(PDFName.of('ModDate'))).toBeInstanceOf(PDFString);
    const contents = await pdfContents(bytes);
    expect(Buffer.from(contents.attachments.get('factur-x.xml')!).equals(xml)).toBe(true);
  });

  it('embeds the program of every font its pages use', async () => {
    const { doc } = await drawn(CII);
    const programs: boolean[] = [];
    for (const page of doc.getPages()) {
      const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
      for (const key of fonts.keys()) {
        const font = fonts.lookup(key, PDFDict);
        const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0, PDFDict) ?? font;
        const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
        programs.push(['FontFile', 'FontFile2', 'FontFile3'].some((name) => descriptor.has(PDFName.of(name))));
      }
    }
    expect(programs.length).toBeGreaterThan(0);
    expect(programs.every(Boolean)).toBe(true);
  });

  it('carries a document ID made from the XML: the same invoice drawn twice keeps it, another invoice gets its own', async () => {
    const idOf = (doc: PDFDocument) => (doc.context.trailerInfo.ID as PDFArray).asArray().map((id: PDFObject) => (id as PDFHexString).asString());
    const [first, again, other] = [await drawn(CII), await drawn(CII), await drawn(UBL)];
    expect(idOf(first.doc)).toHaveLength(2);
    expect(idOf(first.doc)[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(idOf(again.doc)).toEqual(idOf(first.doc));
    expect(idOf(other.doc)[0]).not.toBe(idOf(first.doc)[0]);
  });

  it('makes a UBL invoice PDF/A-3 too, without Factur-X metadata: Factur-X carries CII only', async () => {
    const { xmp, doc } = await drawn(UBL);
    expect(textOf(xmp, NS.pdfaid, 'part')).toEqual(['3']);
    expect(all(xmp, NS.fx, 'DocumentType')).toEqual([]);
    expect(all(xmp, NS.pdfaSchema, 'namespaceURI')).toEqual([]);
    expect(doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).size()).toBe(1);
    expect(infoText(doc, 'Title')).toBe('Credit note GS-2024-009');
  });
});

describe('facturXLevelOf', () => {
  it('names the profile a CII invoice states in its guideline', () => {
    expect(facturXLevelOf('urn:cen.eu:en16931:2017')).toBe('EN 16931');
    expect(facturXLevelOf('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0')).toBe('XRECHNUNG');
    expect(facturXLevelOf('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended')).toBe('EXTENDED');
    expect(facturXLevelOf('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic')).toBe('BASIC');
    expect(facturXLevelOf('urn:factur-x.eu:1p0:basicwl')).toBe('BASIC WL');
    expect(facturXLevelOf('urn:factur-x.eu:1p0:minimum')).toBe('MINIMUM');
    expect(facturXLevelOf('urn:ferd:CrossIndustryDocument:invoice:1p0:comfort')).toBe('EN 16931');
  });
});
