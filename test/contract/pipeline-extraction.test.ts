import { describe, expect, it } from 'vitest';
import type { GeneratedDocument } from '../../bench/corpus/document-model.js';
import type { FileRecord, Position, UploadOptions } from '../../src/shared/api/index.js';
import { documentsPdf, purchaseOrder, receipt, Rng, unrelatedDocument, vatInvoice } from '../fixtures/corpus-pdf.js';
import { useContractRig } from './contract-rig.js';
import { defaultWorkspace, startEngineProcess, waitForTask } from './engine-process.js';

// The local engine as a clerk meets it on first start: the starter categories, documents the bench
// corpus generator makes, and the whole pipeline over HTTP.
const rig = useContractRig({ starter: true });
let count = 0;

async function pdfOf(...documents: GeneratedDocument[]): Promise<{ path: string; pages: number[][] }> {
  const { bytes, pages } = await documentsPdf(documents);
  const path = await rig.writeTemp(`document-${++count}.pdf`, bytes);
  return { path, pages };
}

async function processed(path: string, options: Partial<UploadOptions> = {}): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId, ...options });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id);
}

const fieldValues = (record: Pick<FileRecord, 'data'>) => Object.fromEntries((record.data?.fields ?? []).map((f) => [f.key, f.value]));
const tableValues = (record: Pick<FileRecord, 'data'>, name: string) =>
  (record.data?.tables.find((t) => t.tableName === name)?.items ?? []).map((row) => Object.fromEntries(row.map((c) => [c.key, c.value])));

function expectOnPage(position: Position, page: { width: number; height: number }): void {
  expect(position.vertices).toHaveLength(8);
  position.vertices.forEach((v, i) => expect(v).toBeLessThanOrEqual(i % 2 === 0 ? page.width : page.height));
}

describe('starter categories', () => {
  it('are there on first start: VAT invoice, Invoice, Receipt, Purchase order and Travel e-ticket, with fields and tables', async () => {
    const { categories } = await rig.engine.client.categories.list({ workspace_id: rig.workspaceId });
    expect(categories.map((c) => c.name)).toEqual(['VAT invoice', 'Invoice', 'Receipt', 'Purchase order', 'Travel e-ticket']);
    const { fields, tables } = await rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id: categories[0]!.id });
    expect(fields.map((f) => f.name)).toContain('Check code');
    expect(tables.map((t) => t.name)).toEqual(['Line items']);
  });
});

describe('classification and extraction', () => {
  it('reads a Chinese VAT invoice: every field, the line items with positions, items mirrored, and verifies it', async () => {
    const invoice = vatInvoice(new Rng(11), 'zh', []);
    const record = await processed((await pdfOf(invoice)).path, { auto_verify_vat: true });
    expect(record).toMatchObject({ recognition_status: 1, category: 'VAT invoice' });
    const { 'Invoice kind': kind, Drawer: drawer, Remark: remark, ...printed } = fieldValues(record);
    expect(printed).toEqual(invoice.truth.fields);
    // The fields for what the older invoice and the 数电票 both print: the kind its title says; this form prints no drawer and no remark.
    const title = invoice.blocks[0]!.kind === 'title' ? invoice.blocks[0]!.text : '';
    expect([kind, drawer, remark]).toEqual([/专用/u.test(title) ? '专用发票' : '普通发票', '', '']);
    expect(tableValues(record, 'Line items')).toEqual(invoice.truth.tables['Line items']);
    const page = record.pages![0]!;
    for (const field of record.data!.fields.filter((f) => f.value !== '')) {
      expect(field.confidence).toBeGreaterThan(0.6);
      expectOnPage(field.position[0]!, page);
    }
    const cell = record.data!.tables[0]!.items[0]![0]!;
    expect(cell.textInLines![0]!.text).toBe(cell.value);
    expect(record.data!.items[0]!.map((c) => c.value)).toEqual(record.data!.tables[0]!.items[0]!.map((c) => c.value));
    expect(record.data!.invoiceVerifyResult).toEqual({ invoiceVerifyStatus: 1, invoiceVerifyErrorCode: 0, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: '' });
  });

  it('reads an English receipt, its payment method mapped to the listed item', async () => {
    const document = receipt(new Rng(5), 'en');
    const record = await processed((await pdfOf(document)).path);
    expect(record.category).toBe('Receipt');
    expect(fieldValues(record)).toEqual(document.truth.fields);
    expect(tableValues(record, 'Items')).toEqual(document.truth.tables['Items']);
  });

  it('leaves a document no category fits unclassified, and stops at 10 when only classifying', async () => {
    expect(await processed((await pdfOf(unrelatedDocument(new Rng(3), 'en'))).path)).toMatchObject({ recognition_status: 1, category: '', data: { fields: [] } });
    const order = purchaseOrder(new Rng(8), 'zh');
    const classified = await processed((await pdfOf(order)).path, { target_process: 'classify' });
    expect(classified).toMatchObject({ recognition_status: 10, category: 'Purchase order' });
    expect(classified).not.toHaveProperty('data');
  });

  it('merges a table over a page break only with apply_merge 1', async () => {
    const order = purchaseOrder(new Rng(21), 'en', { long: true });
    const table = order.blocks.find((b) => b.kind === 'table')!;
    if (table.kind === 'table') table.repeatHeader = false;
    const { path, pages } = await pdfOf(order);
    expect(pages[0]!.length).toBeGreaterThan(1);
    const merged = await processed(path);
    expect(tableValues(merged, 'Items')).toEqual(order.truth.tables['Items']);
    const apart = await processed(path, { parser: { apply_merge: 0 } });
    const firstPageRows = tableValues(apart, 'Items');
    expect(firstPageRows.length).toBeLessThan(order.truth.tables['Items']!.length);
    expect(firstPageRows).toEqual(order.truth.tables['Items']!.slice(0, firstPageRows.length));
  });

  it('re-extracts with the prompts it is given: a new field by a quoted keyword, and a table', async () => {
    const invoice = vatInvoice(new Rng(12), 'en', []);
    const record = await processed((await pdfOf(invoice)).path);
    await rig.engine.client.files.extractFields({
      workspace_id: rig.workspaceId,
      task_id: record.task_id,
      fields: [{ key: 'Seller', prompt: 'the name after "Seller name"' }],
      tables: [{ name: 'Line items' }],
    });
    const again = await waitForTask(rig.engine.client, rig.workspaceId, record.task_id);
    expect(fieldValues(again)['Seller']).toBe(invoice.truth.fields['Seller name']);
    expect(tableValues(again, 'Line items')).toEqual(invoice.truth.tables['Line items']);
  });
});

describe('invoice verification', () => {
  it('fails a total that is not amount plus tax (2007), and flags the second upload of one invoice (2010, retryable)', async () => {
    const faulty = await processed((await pdfOf(vatInvoice(new Rng(13), 'zh', ['amount_tax_total_mismatch']))).path, { auto_verify_vat: true });
    expect(faulty.data!.invoiceVerifyResult).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: 2007, invoiceVerifyCanRetry: 0 });
    const { path } = await pdfOf(vatInvoice(new Rng(14), 'en', []));
    const first = await processed(path, { auto_verify_vat: true });
    expect(first.data!.invoiceVerifyResult!.invoiceVerifyStatus).toBe(1);
    const second = await processed(path, { auto_verify_vat: true });
    expect(second.data!.invoiceVerifyResult).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: 2010, invoiceVerifyCanRetry: 1 });
    expect(second.data!.invoiceVerifyResult!.invoiceVerifyFailMsg).toContain(first.task_id);
    // Without auto_verify_vat the result carries no verification.
    expect((await processed(path)).data!.invoiceVerifyResult).toBeUndefined();
  });

  it("judges 'in the future' by the engine's clock: an engine started with --today before the invoice's date fails it (2006)", async () => {
    const invoice = vatInvoice(new Rng(15), 'en', []);
    const { path } = await pdfOf(invoice);
    expect((await processed(path, { auto_verify_vat: true })).data!.invoiceVerifyResult!.invoiceVerifyStatus).toBe(1);
    const earlier = await startEngineProcess({ starter: true, today: '2024-06-30' });
    try {
      const earlierWorkspace = await defaultWorkspace(earlier);
      const { files } = await earlier.client.files.upload(path, { workspace_id: earlierWorkspace, auto_verify_vat: true });
      const record = await waitForTask(earlier.client, earlierWorkspace, files[0]!.task_id);
      expect(invoice.truth.fields['Invoice date']! > '2024-06-30').toBe(true);
      expect(record.data!.invoiceVerifyResult).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: 2006 });
    } finally {
      await earlier.stop();
    }
  });
});

describe('split', () => {
  it('cuts a file of several documents into children, one per document, each with its pages and category', async () => {
    const documents = [vatInvoice(new Rng(31), 'zh', []), vatInvoice(new Rng(32), 'zh', []), purchaseOrder(new Rng(33), 'en', { long: true }), receipt(new Rng(34), 'zh')];
    const { path, pages } = await pdfOf(...documents);
    const parent = await processed(path, { split_flag: true });
    expect(parent).toMatchObject({ task_type: 2, recognition_status: 1, total_page_num: pages.flat().length });
    expect(parent.child_files!.map((c) => [c.task_type, c.from_parent_position_list, c.category])).toEqual(documents.map((d, i) => [0, pages[i], d.category]));
    const orderChild = parent.child_files![2]!;
    expect(orderChild.pages).toHaveLength(pages[2]!.length);
    expect(fieldValues(orderChild)).toEqual(documents[2]!.truth.fields);
  });
});
