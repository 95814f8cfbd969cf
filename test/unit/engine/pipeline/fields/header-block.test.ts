import { describe, expect, it } from 'vitest';
import { HEADER_CONFIDENCE, headerCandidates } from '../../../../../src/engine/pipeline/fields/header-block.js';
import { readingDoubts } from '../../../../../src/engine/pipeline/fields/reading-doubt.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import type { ParsedFile } from '../../../../../src/engine/pipeline/document/parsed-document.js';
import { textDocument } from '../document-fixture.js';

const headOf = (document: ParsedFile['document']) => headerCandidates(rowsOf(document), readingDoubts(document));
const head = (...lines: string[]) => headOf(textDocument(lines.join('\n')));

describe('how sure the head name is', () => {
  const receipt = ['MR D.I.Y. (M) SDN BHD', 'LOT 1851-A JALAN KPB 6', '43300 SERI KEMBANGAN', 'TAX INVOICE'];

  it('trusts a business name that opens the head, and its address, when both were read without doubt', () => {
    const { name, address } = head(...receipt);
    expect(name).toMatchObject({ value: 'MR D.I.Y. (M) SDN BHD', confidence: HEADER_CONFIDENCE.clear });
    expect(address).toMatchObject({ value: 'LOT 1851-A JALAN KPB 6 43300 SERI KEMBANGAN', confidence: HEADER_CONFIDENCE.clear });
  });

  it.each([
    ['Bäckerei Schmidt', 'Hauptstraße 5', '80331 München'],
    ['Boulangerie Dupont', '12 rue de la Paix', '75002 Paris'],
    ['Farmacia Rossi', 'Via Roma 3', '20121 Milano'],
  ])('trusts a shop named by its trade in the desk languages: %s', (name, ...address) => {
    expect(head(name, ...address, 'Total 9.90').name).toMatchObject({ value: name, confidence: HEADER_CONFIDENCE.clear });
  });

  it('keeps a head name that names no business (a title, a label) under its evidence', () => {
    expect(head('Handelsrechnung Nr.', 'Musterweg 1', '12345 Musterstadt').name).toMatchObject({ confidence: HEADER_CONFIDENCE.guessedName });
  });

  it('keeps a name under its evidence when the recognizer half-read another letter in it', () => {
    const document = textDocument(receipt.join('\n'));
    const line = document.pages[0]!.lines[0]!;
    line.doubts = Array.from(line.text, (ch, i) => (i === 11 && ch === 'M' ? 0.4 : 0));
    expect(headOf(document).name).toMatchObject({ value: 'MR D.I.Y. (M) SDN BHD', confidence: HEADER_CONFIDENCE.legalName });
  });

  it('keeps a name under its evidence when a name-like line above it may be its first part', () => {
    expect(head('MVM Musterhafter', 'Versicherungsverein Musterstadt a.G.', 'Musterweg 1', '12345 Musterstadt', 'Rechnung').name).toMatchObject({ confidence: HEADER_CONFIDENCE.legalName });
  });
});

describe('the issuer at the head of a receipt', () => {
  it('reads the name and the address lines under it, up to the contact lines', () => {
    const { name, address } = head('KEDAI RUNCIT SERI MAJU', 'NO.12 JALAN MAWAR 3', 'TAMAN MELATI, 53100 KUALA LUMPUR', 'TEL: 03-4021 1233', 'TAX INVOICE', 'Total: 12.50');
    expect([name?.value, address?.value]).toEqual(['KEDAI RUNCIT SERI MAJU', 'NO.12 JALAN MAWAR 3 TAMAN MELATI, 53100 KUALA LUMPUR']);
  });

  it('stops at the title: a company named under it is the customer, even with a legal form', () => {
    const { name, address } = head('PERNIAGAAN SERI MAJU', 'NO.12 JALAN MAWAR 3', '53100 KUALA LUMPUR', 'TAX INVOICE', 'Bill To', 'ANGKASA TEKNIK (M) SDN BHD', 'Total: 12.50');
    expect([name?.value, address?.value]).toEqual(['PERNIAGAAN SERI MAJU', 'NO.12 JALAN MAWAR 3 53100 KUALA LUMPUR']);
  });

  it('reads a wholesaler named "cash & carry" as a name, not as the cash line of a till', () => {
    const { name, address } = head('SERI MAJU CASH & CARRY', 'NO.15, JLN MAWAR 2,', '40000 SHAH ALAM', 'CASH', 'Total: 12.50');
    expect([name?.value, address?.value]).toEqual(['SERI MAJU CASH & CARRY', 'NO.15, JLN MAWAR 2, 40000 SHAH ALAM']);
  });

  it('takes a name that starts with a short number, and still not an address line', () => {
    const { name, address } = head('99 SPEED MART (519537-X)', 'LOT P.T. 2811, JALAN ANGSA,', '41150 KLANG, SELANGOR', 'GST ID NO: 000181747712', 'Total: 12.50');
    expect([name?.value, address?.value]).toEqual(['99 SPEED MART', 'LOT P.T. 2811, JALAN ANGSA, 41150 KLANG, SELANGOR']);
  });

  it('leaves out a registration number whose bracket hugs the name', () => {
    const { name } = head('AEON CO. (M) BHD（126926-H)', '3RD FLR, AEON TAMAN MALURI SC', '55100 KUALA LUMPUR', 'Total: 12.50');
    expect(name?.value).toBe('AEON CO. (M) BHD');
  });

  it('reads on past a lot number of five digits: only a postcode ends the street lines', () => {
    const { address } = head('KEDAI SERI MAJU', 'LOT 37636, JALAN 6/37A,', 'TAMAN BUKIT MALURI,', '52100 KUALA LUMPUR', 'Tel: 03-6261 2536', 'Total: 12.50');
    expect(address?.value).toBe('LOT 37636, JALAN 6/37A, TAMAN BUKIT MALURI, 52100 KUALA LUMPUR');
  });

  it('skips a company number line whatever OCR made of its label, and an outlet line opening with the brand', () => {
    const { name, address } = head('NANDOS CHICKENLAND SDN BHD', 'Conpany ro : 1174703-K', 'NANDOS 1 MONT KIARA', 'UNIT G-13, NO.1 JLN KIARA,', '50480 KUALA LUMPUR', 'Total: 12.50');
    expect([name?.value, address?.value]).toEqual(['NANDOS CHICKENLAND SDN BHD', 'UNIT G-13, NO.1 JLN KIARA, 50480 KUALA LUMPUR']);
  });

  it('still reads the address when no name was read, and never takes a state alone for a name', () => {
    const { name, address } = head('K3-113, JL IBRAHIM SULTAN', '80300 JOHOR BAHRU', 'JOHOR', 'H/P: 019-7521215', 'Total: 12.50');
    expect([name?.value, address?.value]).toEqual([undefined, 'K3-113, JL IBRAHIM SULTAN 80300 JOHOR BAHRU JOHOR']);
  });

  it('reads on after the postcode to a country in any desk language, and takes no country alone for a name', () => {
    const { name, address } = head('BRUNEI', 'KEDAI SERI MAJU', 'NO.12 JALAN MAWAR 3', '53100 KUALA LUMPUR', 'Total: 12.50');
    expect([name?.value, address?.value]).toEqual(['KEDAI SERI MAJU', 'NO.12 JALAN MAWAR 3 53100 KUALA LUMPUR']);
    expect(head('KEDAI SERI MAJU', 'NO.12 JALAN MAWAR 3', '53100 KUALA LUMPUR', 'PHILIPPINES', 'Total: 12.50').address?.value).toBe('NO.12 JALAN MAWAR 3 53100 KUALA LUMPUR PHILIPPINES');
  });

  it("ends the head at a party's heading printed as a label, not at a name that holds the word", () => {
    expect(head('Lieferant GmbH', 'Lieferweg 5', '80333 München', 'Total: 12.50').name?.value).toBe('Lieferant GmbH');
    expect(head('KEDAI SERI MAJU', 'NO.12 JALAN MAWAR 3', 'Verkäufer:', '53100 KUALA LUMPUR', 'Total: 12.50').address?.value).toBe('NO.12 JALAN MAWAR 3');
  });

  it("never takes a form's printed notice or a seal's words for the issuer's name", () => {
    const { name } = head('此联不作报销、扣税凭证使用', '发票专用章', '广州市南岭办公用品有限公司', '广州市天河区龙口西路218号', 'Total: 12.50');
    expect(name?.value).toBe('广州市南岭办公用品有限公司');
  });

  it.each([
    ['USt-IdNr. ATU46001845', 'Landstraße 39', '4020 Linz'],
    ['NIF-IVA ESB28279668', 'Calle de Alcalá 40', '28013 Madrid'],
    ['Btw-nummer NL666117366B08', 'Keizersgracht 49', '1017 AB Amsterdam'],
    ['P. IVA IT80024806574', 'Via Roma 142', '10121 Torino (TO)'],
  ])('ends the address at a tax number labelled in a desk language: %s', (taxId, ...address) => {
    expect(head('Greißlerei Hofer GmbH', ...address, taxId, 'Total 43,83').address?.value).toBe(address.join(' '));
  });

  it('keeps the address printed before a telephone on one line, with its street, postcode and town', () => {
    const { address, addressParts } = head('Weiß Metallbau GmbH', 'Gewerbering 16, 04109 Leipzig, Telefon +32 858 422126', 'Rechnung', 'Total 12,50');
    expect(address?.value).toBe('Gewerbering 16, 04109 Leipzig');
    expect([addressParts?.street?.value, addressParts?.postcode?.value, addressParts?.city?.value]).toEqual(['Gewerbering 16', '04109', 'Leipzig']);
  });

  it('reads a street that starts with the issuer\'s name as its street, not as the name printed again', () => {
    expect(head('Lieferant GmbH', 'Lieferantenstraße 20', '80333 München', 'Rechnung', 'Total 12,50').addressParts?.street?.value).toBe('Lieferantenstraße 20');
  });

  it("ends the head at the customer's heading: the company under it is the buyer, even with a legal form", () => {
    const { name, address } = head('MUSTER-Autovermietung', 'Musterstr. 99', '99199 MUSTERHAUSEN', 'CLIENTE', 'MUSTER-KUNDE GMBH', 'KUNDENWEG 88', '40235 DUESSELDORF', 'Factura', 'Total 12,50');
    expect([name?.value, address?.value]).toEqual(['MUSTER-Autovermietung', 'Musterstr. 99 99199 MUSTERHAUSEN']);
  });
});
