import { describe, expect, it } from 'vitest';
import type { FileRecord, UploadOptions } from '../../src/shared/api/index.js';
import { eInvoiceFixture } from '../fixtures/e-invoice/factur-x-pdf.js';
import { makeOfd } from '../fixtures/ofd-files.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

// China's fully digital e-invoice (数电票) as the tax bureau's XML, through the real engine process:
// read exactly into the starter VAT invoice category, its OFD twin found as the same invoice, hostile
// XML refused while the engine keeps serving.
const rig = useContractRig({ starter: true });
const XML = new TextDecoder().decode(eInvoiceFixture('huaxin-special.einvoice.xml'));

async function processed(name: string, bytes: Uint8Array | string, options: Partial<UploadOptions> = {}): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, bytes), { workspace_id: rig.workspaceId, category: 'VAT invoice', ...options });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 120_000);
}

const valuesOf = (file: FileRecord) => Object.fromEntries(file.data!.fields.filter((f) => f.confidence === 1).map((f) => [f.key, f.value]));

describe('the fully digital e-invoice (数电票) on the local engine', () => {
  it('fills the VAT invoice fields from the XML at confidence 1, its items into the table, and verifies it; its OFD is the same invoice (2010)', async () => {
    const xml = await processed('dzfp_24442000000071234567.xml', XML, { auto_verify_vat: true });
    expect(xml.recognition_status).toBe(1);
    expect(valuesOf(xml)).toEqual({
      'Invoice number': '24442000000071234567',
      'Invoice date': '2024-11-05',
      'Buyer name': '北京云杉文化传播有限公司',
      'Buyer tax ID': '91110108MA01R2XK91',
      'Seller name': '深圳华信数码科技有限公司',
      'Seller tax ID': '91440300MA5G8K3P1W',
      Amount: '15539.82',
      Tax: '1180.18',
      Total: '16720.00',
      // What the older invoice and the 数电票 both print, from the XML too.
      'Invoice kind': '专用发票',
      Drawer: '李明',
      Remark: '合同编号：HX-2024-1107',
    });
    expect(xml.data!.tables[0]!.items.map((row) => row.map((c) => c.value))).toEqual([
      ['*信息技术服务*软件维护服务费', '1', '12000.00', '12000.00', '6', '720.00'],
      ['*计算机外部设备*激光打印机', '2', '1769.911504424779', '3539.82', '13', '460.18'],
    ]);
    expect(xml.data!.invoiceVerifyResult).toEqual({ invoiceVerifyStatus: 1, invoiceVerifyErrorCode: 0, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: '' });

    const ofd = makeOfd({ pages: [[{ id: 1, x: 10, y: 10, size: 4, text: '发票号码：24442000000071234567', font: 2 }]], invoiceXml: XML });
    const twin = await processed('dzfp_24442000000071234567.ofd', ofd, { auto_verify_vat: true });
    expect(twin.data!.invoiceVerifyResult).toEqual({
      invoiceVerifyStatus: 0,
      invoiceVerifyErrorCode: 2010,
      invoiceVerifyCanRetry: 1,
      invoiceVerifyFailMsg: `The same invoice (number '24442000000071234567') was already uploaded to this workspace as task ${xml.task_id}.`,
    });
  });

  it('refuses an external entity, an entity expansion and 50 MB of items with plain causes, and keeps serving', async () => {
    const item = XML.slice(XML.indexOf('<IssuItemInformation>'), XML.indexOf('</IssuItemInformation>') + '</IssuItemInformation>'.length);
    const records = await Promise.all([
      processed('xxe.xml', XML.replace('<EInvoice>', '<!DOCTYPE EInvoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><EInvoice>').replace('李明', '&x;')),
      processed('bomb.xml', XML.replace('<EInvoice>', '<!DOCTYPE EInvoice [<!ENTITY a "哈哈哈哈哈哈哈哈哈哈"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><EInvoice>').replace('李明', '&b;')),
      processed('huge.xml', XML.replace(item, item.repeat(Math.ceil((50 * 1024 * 1024) / item.length)))),
    ]);
    expect(records.map((f) => [f.recognition_status, f.failure_causes])).toEqual([
      [2, expect.stringMatching(/^The XML file declares a DOCTYPE/)],
      [2, expect.stringMatching(/^The XML file declares a DOCTYPE/)],
      [2, 'The XML file holds more than 500000 elements: too large for an invoice, so it is refused.'],
    ]);
    expect((await processed('after.xml', XML)).recognition_status).toBe(1);
  });
});
