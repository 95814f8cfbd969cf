import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import { MAX_UNPACKED_BYTES } from '../../src/engine/pipeline/read/zip-budget.js';
import { makeOfd, ofdParts, type OfdSpec } from '../fixtures/ofd-files.js';
import { makeZip } from '../fixtures/zip-file.js';
import { useContractRig } from './contract-rig.js';
import { expectDrawnPageAtFetchedSize } from './drawn-page.js';
import { waitForTask } from './engine-process.js';

// OFD e-invoices through the real engine process: values from the invoice XML, the seal as a stamp, the page drawn.
const rig = useContractRig({ starter: true });

const INVOICE_XML = `<?xml version="1.0" encoding="utf-8"?><eInvoice xmlns:fp="http://www.edrm.org.cn/schema/e-invoice/2019" Version="1.0"><fp:InvoiceCode>032001600511</fp:InvoiceCode><fp:InvoiceNo>31471858</fp:InvoiceNo><fp:IssueDate>2026年03月05日</fp:IssueDate><fp:InvoiceCheckCode>01897109054748898321</fp:InvoiceCheckCode><fp:Buyer><fp:BuyerName>买方有限公司</fp:BuyerName><fp:BuyerTaxID>9144030071526726XG</fp:BuyerTaxID></fp:Buyer><fp:Seller><fp:SellerName>示例商贸有限公司</fp:SellerName><fp:SellerTaxID>91350100M000100Y43</fp:SellerTaxID></fp:Seller><fp:TaxInclusiveTotalAmount>1243.00</fp:TaxInclusiveTotalAmount><fp:TaxTotalAmount>143.00</fp:TaxTotalAmount><fp:TaxExclusiveTotalAmount>1100.00</fp:TaxExclusiveTotalAmount><fp:GoodsInfos><fp:GoodsInfo><fp:Item>*纸制品*复印纸</fp:Item><fp:Price>50</fp:Price><fp:Quantity>10</fp:Quantity><fp:Amount>500.00</fp:Amount><fp:TaxScheme>13%</fp:TaxScheme><fp:TaxAmount>65.00</fp:TaxAmount></fp:GoodsInfo><fp:GoodsInfo><fp:Item>*办公用品*硒鼓</fp:Item><fp:Price>300</fp:Price><fp:Quantity>2</fp:Quantity><fp:Amount>600.00</fp:Amount><fp:TaxScheme>13%</fp:TaxScheme><fp:TaxAmount>78.00</fp:TaxAmount></fp:GoodsInfo></fp:GoodsInfos></eInvoice>`;
const t = (id: number, x: number, y: number, text: string) => ({ id, x, y, size: 3.5, dx: 3.5, text, font: 2 as const });
const SPEC: OfdSpec = {
  template: [t(1, 70, 5, '增值税电子普通发票'), t(2, 130, 12, '发票代码：'), t(3, 130, 18, '发票号码：'), t(4, 130, 24, '开票日期：'), t(5, 10, 110, '价税合计（小写）')],
  pages: [[t(10, 165, 12, '032001600511'), t(11, 165, 18, '31471858'), t(12, 165, 24, '2026年03月05日'), t(13, 20, 40, '示例商贸有限公司'), t(14, 165, 110, '¥1243.00')]],
  seal: { page: 0, box: [90, 95, 40, 26], name: '示例商贸有限公司发票专用章' },
  invoiceXml: INVOICE_XML,
};

async function processed(name: string, bytes: Uint8Array, category?: string): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, bytes), { workspace_id: rig.workspaceId, ...(category ? { category } : {}) });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 60_000);
}

describe('OFD e-invoices on the local engine', () => {
  it('fills every field from the invoice XML at confidence 1, lists the seal and says the file is intact', async () => {
    const file = await processed('invoice.ofd', makeOfd(SPEC), 'VAT invoice');
    expect(file.recognition_status).toBe(1);
    const values = Object.fromEntries(file.data!.fields.map((f) => [f.key, [f.value, f.confidence]]));
    expect(values).toMatchObject({
      'Invoice code': ['032001600511', 1],
      'Invoice number': ['31471858', 1],
      'Invoice date': ['2026-03-05', 1],
      'Seller name': ['示例商贸有限公司', 1],
      'Seller tax ID': ['91350100M000100Y43', 1],
      'Buyer name': ['买方有限公司', 1],
      Amount: ['1100.00', 1],
      Tax: ['143.00', 1],
      Total: ['1243.00', 1],
      'Check code': ['01897109054748898321', 1],
    });
    expect(file.data!.tables[0]!.items.map((row) => row.map((c) => c.value))).toEqual([
      ['*纸制品*复印纸', '10', '50.00', '500.00', '13', '65.00'],
      ['*办公用品*硒鼓', '2', '300.00', '600.00', '13', '78.00'],
    ]);
    expect(file.data!.stamps).toEqual([expect.objectContaining({ page: 0, type: 'electronic seal', text: '示例商贸有限公司发票专用章', signature: 'intact' })]);
    expect(file.data!.invoiceVerifyResult?.invoiceVerifyFailMsg).toMatch(/The electronic seal shows the file intact: all \d+ signed parts unchanged/);
  });

  it('fails verification of the same invoice changed after signing', async () => {
    // Another invoice number, so that the earlier upload is no duplicate of it.
    const tampered = ofdParts({ ...SPEC, invoiceXml: INVOICE_XML.replace('31471858', '31471859') }).map((p) => (p.name === 'Doc_0/Pages/Page_0/Content.xml' ? { ...p, data: String(p.data).replace('¥1243.00', '¥1843.00') } : p));
    const file = await processed('tampered.ofd', makeZip(tampered), 'VAT invoice');
    expect(file.data!.invoiceVerifyResult).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: 2011, invoiceVerifyFailMsg: expect.stringMatching(/changed after it was signed: 1 of \d+ signed parts changed since signing \(\/Doc_0\/Pages\/Page_0\/Content.xml\)/) });
  });

  it('serves the drawn page at the size fetch reports', async () => {
    const file = await processed('drawn.ofd', makeOfd(SPEC));
    await expectDrawnPageAtFetchedSize(rig, file.task_id);
  });

  it('refuses hostile packages with a plain cause and keeps serving', async () => {
    const bomb = makeZip([...ofdParts(SPEC), { name: 'Doc_0/Res/huge.bin', data: new Uint8Array(MAX_UNPACKED_BYTES + 1) }]);
    const outside = makeZip([...ofdParts(SPEC), { name: '../../escape.xml', data: '<x/>' }]);
    const entities = makeZip(ofdParts(SPEC).map((p) => (p.name === 'OFD.xml' ? { ...p, data: `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${String(p.data).replace(/^<\?xml[^>]*\?>/, '')}` } : p)));
    const causes = await Promise.all([processed('bomb.ofd', bomb), processed('outside.ofd', outside), processed('entities.ofd', entities)]);
    expect(causes.map((f) => [f.recognition_status, f.failure_causes])).toEqual([
      [2, expect.stringMatching(/unpacks to more than 100 MB: it is refused as a possible "zip bomb"/)],
      [2, expect.stringMatching(/holds an entry that points outside it/)],
      [2, expect.stringMatching(/declares a DOCTYPE \(entities\): it is refused as unsafe/)],
    ]);
    expect((await processed('after.ofd', makeOfd(SPEC))).recognition_status).toBe(1);
  });
});
