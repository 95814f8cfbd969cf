import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrPool } from '../../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { sharedCopy } from '../../../../../../src/engine/pipeline/read/ocr/read-pages.js';
import { NO_TEXT_CAUSE, parseFile } from '../../../../../../src/engine/pipeline/read/parse-file.js';
import { drawOfdPage } from '../../../../../../src/engine/pipeline/read/ofd/draw-ofd-page.js';
import { readOfdDocument } from '../../../../../../src/engine/pipeline/read/ofd/ofd-document.js';
import { parseOfd } from '../../../../../../src/engine/pipeline/read/ofd/parse-ofd.js';
import { readOfdPages } from '../../../../../../src/engine/pipeline/read/ofd/read-ofd-pages.js';
import { makeOfd, ofdParts, type OfdSpec, type OfdTextSpec } from '../../../../../fixtures/ofd-files.js';
import { makeZip } from '../../../../../fixtures/zip-file.js';
import { failureOf } from '../../../../../support/processing-failure.js';

const reader = new OcrPool();
afterAll(() => reader.close());

// 254 dpi: 10 pixels a millimetre, so that expected boxes read as the spec's millimetres.
const DPI = 254;
const read = (spec: OfdSpec, pageIndexes?: number[]) => parseOfd(makeOfd(spec), { dpi: DPI, reader, pageIndexes });
const texts = (parsed: Awaited<ReturnType<typeof read>>) => parsed.document.pages.map((p) => p.lines.map((l) => l.text));

const INVOICE_PAGE: OfdTextSpec[] = [
  { id: 10, x: 150, y: 8, size: 4, dx: 2, text: '12345678' },
  { id: 11, x: 30, y: 30, size: 4, text: '示例商贸有限公司', font: 2 },
  { id: 12, x: 150, y: 100, size: 4, dx: 2, text: '¥113.00' },
];
const TEMPLATE: OfdTextSpec[] = [
  { id: 1, x: 125, y: 8, size: 4, text: '发票号码：', font: 2 },
  { id: 2, x: 70, y: 4, size: 6, text: '增值税电子普通发票', font: 2 },
];

describe('parseOfd: text', () => {
  it('places every glyph from Boundary, baseline Y and DeltaX, in pixels at the dpi', async () => {
    const parsed = await read({ pages: [[{ id: 5, x: 20, y: 30, size: 5, dx: 5, text: 'AB12' }]] });
    const line = parsed.document.pages[0]!.lines[0]!;
    expect(line.text).toBe('AB12');
    // Baseline at 30 + 5 mm; ascent 0.8 and descent 0.2 of the size; the last glyph, with no DeltaX after it, half an em wide.
    expect(line.charPositions.map((box) => box[0])).toEqual([200, 250, 300, 350]);
    expect(line.position).toEqual([200, 310, 375, 310, 375, 360, 200, 360]);
    expect(parsed.pages).toEqual([{ page: 0, angle: 0, width: 2100, height: 1400, dpi: DPI }]);
  });

  it('applies the object CTM to glyph positions and sizes', async () => {
    const parsed = await read({ pages: [[{ id: 5, x: 20, y: 30, size: 5, dx: 5, text: 'AB', ctm: '2 0 0 2 0 0' }]] });
    const line = parsed.document.pages[0]!.lines[0]!;
    expect(line.charPositions.map((box) => [box[0], box[1], box[5]])).toEqual([
      [200, 320, 420],
      [300, 320, 420],
    ]);
  });

  it("reads a template page's text with the page's own, on one line where they share a baseline", async () => {
    const parsed = await read({ pages: [INVOICE_PAGE, [{ id: 20, x: 20, y: 50, size: 4, text: 'Page two' }]], template: TEMPLATE });
    expect(texts(parsed)[0]).toEqual(['增值税电子普通发票', '发票号码： 12345678', '示例商贸有限公司', '¥113.00']);
    expect(texts(parsed)[1]).toEqual(['增值税电子普通发票', '发票号码：', 'Page two']);
  });

  it('reads only the pages asked for, numbered from 0', async () => {
    const parsed = await read({ pages: [[{ id: 1, x: 10, y: 10, size: 4, text: 'first' }], [{ id: 2, x: 10, y: 10, size: 4, text: 'second' }]] }, [1]);
    expect(texts(parsed)).toEqual([['second']]);
    await expect(read({ pages: [[{ id: 1, x: 10, y: 10, size: 4, text: 'only' }]] }, [3])).rejects.toThrow(/Page 3 does not exist: the OFD has 1 page/);
  });

  it('is the reader parseFile uses for the ofd format', async () => {
    const parsed = await parseFile('ofd', makeOfd({ pages: [[{ id: 1, x: 10, y: 10, size: 4, text: 'hello OFD' }]] }), { dpi: 144, reader });
    expect(texts(parsed)).toEqual([['hello OFD']]);
  });
});

describe('parseOfd: pages without text objects', () => {
  // Filled squares (x, y, width, height in mm), drawn paths only, as in the real sign-VPage7 and tool-Page5: no writing.
  // (Three stacked bars would not do: OCR reads them as 三 on the PDF's rendering, not on the OFD's.)
  const RECTANGLES = [
    [30, 30, 60, 60],
    [120, 150, 60, 60],
  ];
  const shapesOfd = () => {
    const paths = RECTANGLES.map(([x, y, w, h], i) => `<ofd:PathObject ID="${50 + i}" Boundary="${x} ${y} ${w} ${h}" Stroke="false" Fill="true"><ofd:FillColor Value="26 51 204"/><ofd:AbbreviatedData>M 0 0 L ${w} 0 L ${w} ${h} L 0 ${h} C</ofd:AbbreviatedData></ofd:PathObject>`);
    const page = `<?xml version="1.0" encoding="UTF-8"?><ofd:Page xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Content><ofd:Layer ID="49">${paths.join('')}</ofd:Layer></ofd:Content></ofd:Page>`;
    return makeZip(ofdParts({ pages: [[]] }).map((p) => (p.name.endsWith('Page_0/Content.xml') ? { ...p, data: page } : p)));
  };
  const shapesPdf = async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    const pt = (mm: number) => (mm * 72) / 25.4;
    for (const [x, y, w, h] of RECTANGLES) page.drawRectangle({ x: pt(x!), y: 841.89 - pt(y! + h!), width: pt(w!), height: pt(h!), color: rgb(26 / 255, 51 / 255, 204 / 255) });
    return doc.save();
  };

  it('recognises a page of drawn shapes from its picture, and fails it as the same drawing in a PDF fails: no text', async () => {
    const ofd = shapesOfd();
    // The page is drawn and sent to OCR (a text drawn as outlines would be read), not skipped.
    expect((await readOfdPages({ bytes: sharedCopy(ofd), dpi: 144, pageIndexes: undefined })).pictures.map((p) => p.page)).toEqual([0]);
    expect(await failureOf(parseFile('ofd', ofd, { dpi: 144, reader }))).toBe(NO_TEXT_CAUSE);
    expect(await failureOf(parseFile('pdf', await shapesPdf(), { dpi: 144, reader }))).toBe(NO_TEXT_CAUSE);
  }, 120_000);
});

describe('parseOfd: page images', () => {
  const darkPixels = async (spec: OfdSpec) => {
    const raster = await drawOfdPage(readOfdDocument(makeOfd(spec)), 0, 144);
    let dark = 0;
    for (let i = 0; i < raster.data.length; i += 4) if (raster.data[i]! < 128) dark++;
    return { raster, dark };
  };
  const LATIN: OfdTextSpec[] = [{ id: 1, x: 10, y: 10, size: 12, dx: 7, text: 'Wijffels Quay' }];

  it('draws the page at its physical size and the dpi, text inked', async () => {
    const { raster, dark } = await darkPixels({ pages: [LATIN] });
    expect([raster.width, raster.height]).toEqual([Math.round((210 * 144) / 25.4), Math.round((140 * 144) / 25.4)]);
    expect(dark).toBeGreaterThan(500);
  });

  it('draws text with the embedded font program when the package carries one', async () => {
    const embedded = await darkPixels({ pages: [LATIN], embedFont: true });
    const named = await darkPixels({ pages: [LATIN], embedFont: false });
    expect(embedded.dark).toBeGreaterThan(500);
    // The same glyph positions in another typeface ink other pixels.
    const differing = embedded.raster.data.reduce((n, v, i) => n + (Math.abs(v - named.raster.data[i]!) > 96 ? 1 : 0), 0);
    expect(differing).toBeGreaterThan(400);
  });

  it("draws a template page's text under the page's own", async () => {
    const alone = await darkPixels({ pages: [INVOICE_PAGE] });
    const withTemplate = await darkPixels({ pages: [INVOICE_PAGE], template: TEMPLATE });
    expect(withTemplate.dark).toBeGreaterThan(alone.dark + 300);
  });

  it('draws the seal picture in its stamp box', async () => {
    const seal = { page: 0, box: [100, 50, 40, 40] as [number, number, number, number], name: '示例商贸有限公司发票专用章' };
    const { raster } = await darkPixels({ pages: [INVOICE_PAGE], seal });
    const scale = 144 / 25.4;
    // The ring's left edge, half way down the box: red.
    const [x, y] = [Math.round((100 + 40 * (10 / 120)) * scale), Math.round((50 + 20) * scale)];
    const reds = [-2, -1, 0, 1, 2].filter((d) => {
      const i = (y * raster.width + x + d) * 4;
      return raster.data[i]! > 150 && raster.data[i + 1]! < 100;
    });
    expect(reds.length).toBeGreaterThan(0);
  });
});

describe('parseOfd: seals', () => {
  const seal = { page: 0, box: [100, 50, 40, 40] as [number, number, number, number], name: '示例商贸有限公司发票专用章' };

  it('reports the seal as a stamp with its name, box and an intact signature', async () => {
    const parsed = await read({ pages: [INVOICE_PAGE], seal });
    expect(parsed.stamps).toEqual([
      {
        page: 0,
        type: 'electronic seal',
        text: '示例商贸有限公司发票专用章',
        color: 'red',
        position: [1000, 500, 1400, 500, 1400, 900, 1000, 900],
        signature: 'intact',
        signatureReason: expect.stringMatching(/signed parts unchanged \(SM3 digests match\); the seal's signature \(SM2\) verified with the certificate it carries/),
      },
    ]);
  });

  it('reports a signature shown on no page on the first page, with no box, so that its check is still heard', async () => {
    const parsed = await read({ pages: [INVOICE_PAGE], seal: { ...seal, signatureOnly: true } });
    expect(parsed.stamps).toEqual([expect.objectContaining({ page: 0, type: 'electronic signature', position: [0, 0, 0, 0, 0, 0, 0, 0], signature: 'intact' })]);
  });

  it('reports altered when a signed page changed after signing', async () => {
    const tampered = makeOfd({ pages: [INVOICE_PAGE], seal, tamper: { 'Doc_0/Pages/Page_0/Content.xml': makeOfdPageWith('¥913.00') } });
    const parsed = await parseOfd(tampered, { dpi: DPI, reader });
    expect(parsed.stamps?.[0]).toMatchObject({ signature: 'altered', signatureReason: expect.stringMatching(/1 of \d+ signed parts changed since signing \(\/Doc_0\/Pages\/Page_0\/Content.xml\)/) });
  });
});

/** The invoice page's content part with one amount changed. */
function makeOfdPageWith(total: string): string {
  const page = INVOICE_PAGE.map((t) => (t.id === 12 ? { ...t, text: total } : t));
  const zip = makeOfd({ pages: [page] });
  return new TextDecoder().decode(readOfdDocument(zip).container.part('Doc_0/Pages/Page_0/Content.xml'));
}

describe('parseOfd: e-invoice values', () => {
  const INVOICE_XML = `<?xml version="1.0" encoding="utf-8"?><eInvoice xmlns:fp="http://www.edrm.org.cn/schema/e-invoice/2019" Version="1.0"><fp:InvoiceCode>032001600511</fp:InvoiceCode><fp:InvoiceNo>12345678</fp:InvoiceNo><fp:TypeCode>0</fp:TypeCode><fp:IssueDate>2026年03月05日</fp:IssueDate><fp:InvoiceCheckCode>01897109054748898321</fp:InvoiceCheckCode><fp:Buyer><fp:BuyerName>买方有限公司</fp:BuyerName><fp:BuyerTaxID>91320404MA22FHG7XX</fp:BuyerTaxID></fp:Buyer><fp:Seller><fp:SellerName>示例商贸有限公司</fp:SellerName><fp:SellerTaxID>91110108339805094M</fp:SellerTaxID><fp:SellerAddrTel>北京市海淀区 010-1234567</fp:SellerAddrTel></fp:Seller><fp:TaxInclusiveTotalAmount>113.00</fp:TaxInclusiveTotalAmount><fp:TaxTotalAmount>13.00</fp:TaxTotalAmount><fp:TaxExclusiveTotalAmount>100.00</fp:TaxExclusiveTotalAmount><fp:GoodsInfos><fp:GoodsInfo><fp:Item>*文具*钢笔</fp:Item><fp:MeasurementDimension>支</fp:MeasurementDimension><fp:Price>50</fp:Price><fp:Quantity>2</fp:Quantity><fp:Amount>100.00</fp:Amount><fp:TaxScheme>13%</fp:TaxScheme><fp:TaxAmount>13.00</fp:TaxAmount></fp:GoodsInfo></fp:GoodsInfos></eInvoice>`;
  // Tags as tax-office producers write them: an empty prefix, references to page objects by ID.
  const TAGS = `<?xml version="1.0" encoding="UTF-8"?><:eInvoice xmlns:=""><InvoiceNo><ofd:ObjectRef PageRef="1">10</ofd:ObjectRef></InvoiceNo><Seller><SellerName><ofd:ObjectRef PageRef="1">11</ofd:ObjectRef></SellerName></Seller><TaxInclusiveTotalAmount><ofd:ObjectRef PageRef="1">12</ofd:ObjectRef></TaxInclusiveTotalAmount><IssueDate><ofd:ObjectData>2026年03月05日</ofd:ObjectData></IssueDate></:eInvoice>`;

  it('takes every value from the attached invoice XML, and where tags point, their places', async () => {
    const parsed = await read({ pages: [INVOICE_PAGE], template: TEMPLATE, invoiceXml: INVOICE_XML, invoiceTags: TAGS });
    const invoice = parsed.document.invoice!;
    expect(invoice.page).toBe('original');
    expect(invoice.data).toMatchObject({
      syntax: 'OFD',
      number: '12345678',
      invoiceCode: '032001600511',
      checkCode: '01897109054748898321',
      issueDate: '2026-03-05',
      currency: 'CNY',
      seller: { name: '示例商贸有限公司', vatId: '91110108339805094M', street: '北京市海淀区 010-1234567' },
      buyer: { name: '买方有限公司', vatId: '91320404MA22FHG7XX' },
      netTotal: '100.00',
      taxTotal: '13.00',
      total: '113.00',
      amountDue: '113.00',
      taxes: [{ rate: '13', basis: '100.00', tax: '13.00' }],
      lines: [{ description: '*文具*钢笔', unit: '支', quantity: '2', unitPrice: '50', amount: '100.00', taxRate: '13', taxAmount: '13.00' }],
    });
    // Object 10 at x 150 mm, y 8 mm: seven 2 mm steps and the last digit's half em, in pixels.
    expect(invoice.placements?.number).toEqual([{ page: 0, vertices: [1500, 88, 1660, 88, 1660, 128, 1500, 128] }]);
    expect(invoice.placements?.['seller.name']?.[0]?.page).toBe(0);
  });

  it('reads the values from the tags alone when no invoice XML is attached', async () => {
    const amounts = '<TaxExclusiveTotalAmount><ofd:ObjectData>100.00</ofd:ObjectData></TaxExclusiveTotalAmount><TaxTotalAmount><ofd:ObjectData>13.00</ofd:ObjectData></TaxTotalAmount></:eInvoice>';
    const parsed = await read({ pages: [INVOICE_PAGE], invoiceTags: TAGS.replace('</:eInvoice>', amounts) });
    expect(parsed.document.invoice?.data).toMatchObject({ number: '12345678', seller: { name: '示例商贸有限公司' }, total: '113.00', issueDate: '2026-03-05' });
  });

  it('gives no invoice data for an OFD that is not an e-invoice', async () => {
    expect((await read({ pages: [INVOICE_PAGE] })).document.invoice).toBeUndefined();
  });
});
