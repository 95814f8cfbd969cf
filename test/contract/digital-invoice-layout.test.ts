import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import { layoutFamily, type InvoiceFamily } from '../../bench/layouts/families.js';
import { generateDigitalDocument } from '../../bench/layouts/generate-document.js';
import { layoutFont } from '../../bench/layouts/layout-font.js';
import { renderTextPdf } from '../../bench/layouts/render-document.js';
import { renderOfd } from '../../bench/layouts/render-ofd.js';
import { stampPdf } from '../../bench/layouts/seal-stamp.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

// A generated 数电票 (bench/layouts, family zh-digital-invoice) as its text PDF with the seal over the
// title and as its OFD, through the real engine into the starter VAT invoice category: the buyer and
// seller blocks side by side under vertical labels each give their own name and tax id, the items
// come with their *类别*, and its kind, 开票人 and 备注 fill the category's fields for them.
const rig = useContractRig({ starter: true });
const { doc, data, seal } = generateDigitalDocument(layoutFamily('zh-digital-invoice') as InvoiceFamily, 7, 0);

async function processed(name: string, bytes: Uint8Array): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, bytes), { workspace_id: rig.workspaceId, category: 'VAT invoice' });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 120_000);
}

const expected = {
  'Invoice number': data.number,
  'Invoice date': data.date,
  'Buyer name': data.buyer.name,
  'Buyer tax ID': data.buyer.taxId ?? '',
  'Seller name': data.seller.name,
  'Seller tax ID': data.seller.taxId ?? '',
  Amount: data.net.toFixed(2),
  Tax: data.tax.toFixed(2),
  Total: data.total.toFixed(2),
  // What the 数电票 and the older invoice both print, in the same category.
  'Invoice kind': data.kind === 'special' ? '专用发票' : '普通发票',
  Drawer: data.drawer,
  Remark: data.remark,
};
const fieldsOf = (file: FileRecord) => Object.fromEntries(file.data!.fields.filter((f) => f.key in expected).map((f) => [f.key, f.value]));
const itemsOf = (file: FileRecord) => file.data!.tables[0]!.items.map((row) => [row[0]!.value, Number(row[3]!.value), Number(row[5]!.value)]);

describe('a generated 数电票 on the local engine', () => {
  it('reads its PDF: both parties from their side-by-side blocks, number, date, totals, kind, drawer, remark and every item', async () => {
    expect(data.seller.taxId).not.toBe(data.buyer.taxId);
    const pdf = await processed(`${doc.id}.pdf`, await stampPdf((await renderTextPdf(doc)).bytes, seal));
    expect(pdf.recognition_status).toBe(1);
    expect(fieldsOf(pdf)).toEqual(expected);
    expect(itemsOf(pdf)).toEqual(data.items.map((i) => [i.name, i.amount, i.tax]));
  });

  it('reads its OFD alike', async () => {
    const ofd = await processed(`${doc.id}.ofd`, renderOfd(doc.pages[0]!, layoutFont(doc.font), seal));
    expect(fieldsOf(ofd)).toEqual(expected);
    expect(itemsOf(ofd)).toEqual(data.items.map((i) => [i.name, i.amount, i.tax]));
  });
});
