import { createHash } from 'node:crypto';
import { PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { SRGB_PROFILE } from './srgb-profile.js';

/** The Factur-X profiles, as its XMP names them (fx:ConformanceLevel). */
export type FacturXLevel = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG';

export interface PdfA3Description {
  title: string;
  /** When the PDF was made: its creation and modification date, in the Info dictionary and the XMP alike. */
  created: Date;
  /** The attached XML: the document ID is made from its bytes, so that the same invoice keeps one ID. */
  xml: Uint8Array;
  /** For a CII invoice attached as factur-x.xml: the Factur-X metadata. */
  facturX?: { fileName: string; level: FacturXLevel };
}

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const PRODUCER = 'Docket';
const OUTPUT_CONDITION = 'sRGB IEC61966-2.1';

/**
 * The profile a CII invoice follows, from its guideline (BT-24): "urn:cen.eu:en16931:2017" alone is
 * EN 16931; a CIUS or Factur-X profile named after it says which. ZUGFeRD 1.0's "comfort" is the
 * EN 16931 level of its day.
 */
export function facturXLevelOf(guideline: string | undefined): FacturXLevel {
  const id = (guideline ?? '').toLowerCase();
  if (id.includes('xrechnung')) return 'XRECHNUNG';
  if (id.includes('extended')) return 'EXTENDED';
  if (id.includes('basicwl')) return 'BASIC WL';
  if (id.includes('minimum')) return 'MINIMUM';
  if (/:basic\b/.test(id)) return 'BASIC';
  return 'EN 16931';
}

/**
 * Makes the drawn invoice a PDF/A-3 (level B) file, as Factur-X requires: XMP metadata saying so (and,
 * for Factur-X, its extension schema), the Info dictionary agreeing with it, an sRGB output intent,
 * and a document ID. The attachment's relationship and the catalog's /AF array are pdf-lib's
 * (`attach` with `afRelationship`); the fonts are embedded by the drawing.
 */
export function makePdfA3(doc: PDFDocument, description: PdfA3Description): void {
  const created = new Date(Math.floor(description.created.getTime() / 1000) * 1000);
  doc.setTitle(description.title);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  // Unfiltered, as PDF/A wants the metadata readable by tools that know no PDF filters.
  const metadata = doc.context.stream(new TextEncoder().encode(xmpOf(description, created)), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  const profile = doc.context.register(doc.context.flateStream(SRGB_PROFILE, { N: 3 }));
  const intent = doc.context.obj({ Type: 'OutputIntent', S: 'GTS_PDFA1', OutputConditionIdentifier: PDFString.of(OUTPUT_CONDITION), Info: PDFString.of(OUTPUT_CONDITION), DestOutputProfile: profile });
  doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([doc.context.register(intent)]));
  const id = PDFHexString.of(createHash('md5').update(description.xml).digest('hex'));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
}

/** The XMP packet: PDF/A identification, Dublin Core title, dates and tools, and the Factur-X properties with their schema. */
function xmpOf(description: PdfA3Description, created: Date): string {
  const date = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const fx = description.facturX;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(description.title)}</rdf:li></rdf:Alt></dc:title>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${PRODUCER}</pdf:Producer>
</rdf:Description>
${fx ? facturXDescriptions(fx) : ''}</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

// fx: is no schema PDF/A knows: PDF/A-3 wants it described in the packet (pdfaExtension), as the Factur-X specification gives it.
function facturXDescriptions(fx: NonNullable<PdfA3Description['facturX']>): string {
  const property = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return `<rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>${xmlText(fx.fileName)}</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>${fx.level}</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${property('DocumentFileName', 'The name of the embedded XML document')}
${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
${property('Version', 'The actual version of the standard applying to the embedded XML document')}
${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
`;
}

/** Text as XML character data: the title comes from the invoice. */
function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
