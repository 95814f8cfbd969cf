import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord, Position, UploadOptions } from '../../src/shared/api/index.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { apiError } from './api-error.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

const UNKNOWN_ID = '1234567890123456789';
const ID = /^\d{19}$/;
const INVOICE_LINES = ['ACME Ltd', 'INVOICE', 'Invoice Number: INV-2026-0042', 'Total Amount: 1,234.50', 'Payment due: 2026-06-30'];

const rig = useContractRig();
let invoicePdf: string;
let twoPagePdf: string;
let receiptTxt: string;
let weatherTxt: string;
let largePdf: string;
let fileCounter = 0;

beforeAll(async () => {
  const sample = await rig.writeTemp('invoice-sample.txt', 'INVOICE\nInvoice Number: S-1\nTotal Amount: 10.00\n');
  const receiptSample = await rig.writeTemp('receipt-sample.txt', 'RECEIPT\nCashier: Ann\nChange due: 0.50\n');
  await rig.engine.client.categories.create({
    workspace_id: rig.workspaceId,
    name: 'Invoice',
    category_prompt: 'a supplier invoice with an invoice number and a total amount',
    fields: [{ name: 'Invoice Number', alias: ['Invoice No'], identity: 'invoice_no' }, { name: 'Total Amount' }],
    tables: [{ name: 'Line items', fields: [{ name: 'Item' }, { name: 'Amount' }] }],
    sampleFiles: [sample],
  });
  await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Receipt', fields: [{ name: 'Cashier' }], sampleFiles: [receiptSample] });
  invoicePdf = await rig.writeTemp('invoice.pdf', await makeTextPdf([INVOICE_LINES]));
  twoPagePdf = await rig.writeTemp('two-invoices.pdf', await makeTextPdf([INVOICE_LINES, ['RECEIPT', 'Cashier: Bob']]));
  receiptTxt = await rig.writeTemp('receipt.txt', 'RECEIPT\nCashier: Ann\nTotal: 3.20\n');
  weatherTxt = await rig.writeTemp('weather.txt', 'Weather report\nSunny with light winds\n');
  // Two hundred pages keep a file in progress long enough to act on it meanwhile.
  largePdf = await rig.writeTemp('large.pdf', await makeTextPdf(Array.from({ length: 200 }, (_, p) => Array.from({ length: 30 }, (_, i) => `Line ${i} of page ${p}`))));
});

function upload(path: string, options: Partial<UploadOptions> = {}) {
  return rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId, ...options });
}

async function processed(path: string, options: Partial<UploadOptions> = {}): Promise<FileRecord> {
  const { files } = await upload(path, options);
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id);
}

function fetchTask(taskId: string, more: { with_document?: boolean } = {}) {
  return rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: taskId, ...more });
}

/** Deleting the large file makes its job stop at its next step, so later tests do not wait behind it. */
async function dropLargeFile(taskId: string): Promise<void> {
  await rig.engine.client.files.delete({ workspace_id: rig.workspaceId, task_id: [taskId] });
}

function uniqueBatch(): string {
  return `batch-${Date.now()}-${++fileCounter}`;
}

/** Every corner of a position lies on the page. */
function expectOnPage(position: Position, page: { width: number; height: number }): void {
  expect(position.vertices).toHaveLength(8);
  position.vertices.forEach((v, i) => {
    expect(Number.isInteger(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(i % 2 === 0 ? page.width : page.height);
  });
}

/** The value box lies on its line, right of the label. */
function expectOnValue(position: Position, line: { text: string; position: number[] }, value: string): void {
  const [x1, y1, x2, , , y3] = position.vertices as [number, number, number, number, number, number];
  const [lx1, ly1, lx2, , , ly3] = line.position as [number, number, number, number, number, number];
  const labelShare = line.text.indexOf(value) / line.text.length;
  expect(x1).toBeGreaterThan(lx1 + (lx2 - lx1) * labelShare * 0.8);
  expect(x2).toBeLessThanOrEqual(lx2);
  expect(y1).toBeGreaterThanOrEqual(ly1);
  expect(y3).toBeLessThanOrEqual(ly3);
}

describe('GET /file/fetch', () => {
  it('answers a processed PDF with category, field values on the page, the document and its lines', async () => {
    const file = await processed(invoicePdf);
    const { total, page, page_size, files } = await fetchTask(file.task_id, { with_document: true });
    expect([total, page, page_size]).toEqual([1, 1, 1000]);
    const record = files[0]!;
    expect(record.id).toMatch(ID);
    expect(record.task_id).toMatch(ID);
    expect(record).toMatchObject({ task_type: 1, name: 'invoice.pdf', format: 'pdf', recognition_status: 1, verification_status: 0, category: 'Invoice', total_page_num: 1 });
    expect(record.failure_causes).toBeUndefined();
    expect(record.pages).toEqual([{ page: 0, angle: 0, width: 1190, height: 1684, dpi: 144 }]);
    expect(record.parser_params).toMatchObject({ dpi: 144, parse_mode: 'auto' });
    expect(record.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(record.updated_at!)).not.toBeNaN();

    const lines = record.document!.pages[0]!.lines;
    expect(lines.map((l) => l.text)).toEqual(INVOICE_LINES);
    for (const line of lines) expect(line.charPositions).toHaveLength(line.text.length);

    const fields = record.data!.fields;
    expect(fields.map((f) => [f.key, f.identifier, f.value])).toEqual([
      ['Invoice Number', 'invoice_no', 'INV-2026-0042'],
      ['Total Amount', '', '1,234.50'],
    ]);
    fields.forEach((field, i) => {
      // A name with a colon and the value beside it: sure enough for a clerk to leave unchecked.
      expect(field.confidence).toBeGreaterThanOrEqual(0.9);
      expect(field.position).toHaveLength(1);
      expect(field.position[0]!.page).toBe(0);
      expectOnPage(field.position[0]!, record.pages[0]!);
      expectOnValue(field.position[0]!, lines[2 + i]!, field.value);
    });
    expect(record.data!.tables).toEqual([{ tableName: 'Line items', tableType: '0', extractModel: 'Acgpt', configModel: 'Auto', items: [] }]);
  });

  it('leaves the document out unless asked, and gives a task detail URL that opens the task\'s page with a token', async () => {
    const file = await processed(receiptTxt);
    const plain = (await fetchTask(file.task_id)).files[0]!;
    expect(plain.document).toBeUndefined();
    expect(plain.task_detail_url).toBeUndefined();
    const withUrl = (await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: file.task_id, with_task_detail_url: true })).files[0]!;
    const { token } = await rig.engine.client.auth.token();
    const detail = await fetch(`${withUrl.task_detail_url!}&token=${token}`);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain(`task ${file.task_id}`);
  });

  it('filters by batch, file, category, statuses and update time, newest first, page by page', async () => {
    const batch = uniqueBatch();
    const before = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const uploaded = [];
    for (const path of [receiptTxt, weatherTxt, receiptTxt]) uploaded.push((await upload(path, { batch_number: batch })).files[0]!);
    for (const f of uploaded) await waitForTask(rig.engine.client, rig.workspaceId, f.task_id);
    const newestFirst = uploaded.map((f) => f.task_id).reverse();

    const byBatch = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, batch_number: batch });
    expect(byBatch.total).toBe(3);
    expect(byBatch.files.map((f) => f.task_id)).toEqual(newestFirst);
    const second = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, batch_number: batch, page: 2, page_size: 2 });
    expect([second.total, second.page, second.page_size, second.files.map((f) => f.task_id)]).toEqual([3, 2, 2, [newestFirst[2]]]);

    const byFile = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, file_id: uploaded[1]!.id });
    expect(byFile.files.map((f) => f.id)).toEqual([uploaded[1]!.id]);
    const receipts = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, batch_number: batch, category: 'Receipt' });
    expect(receipts.files.map((f) => f.task_id)).toEqual([newestFirst[0], newestFirst[2]]);
    const unclassified = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, batch_number: batch, recognition_status: 1, verification_status: 0 });
    expect(unclassified.total).toBe(3);
    expect((await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, batch_number: batch, recognition_status: 2 })).total).toBe(0);

    const inWindow = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, batch_number: batch, start_time: before, end_time: new Date(Date.now() + 60_000).toISOString() });
    expect(inWindow.total).toBe(3);
    const later = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, batch_number: batch, start_time: new Date(Date.now() + 60_000).toISOString() });
    expect(later.total).toBe(0);
  });

  it('reads booleans spelled True and 1', async () => {
    const file = await processed(receiptTxt);
    const answer = await rig.raw('GET', '/file/fetch', { query: { workspace_id: rig.workspaceId, task_id: file.task_id, with_document: 'True', with_task_detail_url: '1' } });
    const record = (answer.result as { files: Record<string, unknown>[] }).files[0]!;
    expect(record['document']).toBeTruthy();
    expect(record['task_detail_url']).toContain('/task-detail/file?');
  });

  it('answers 40400 for an unknown workspace', async () => {
    expect((await apiError(rig.engine.client.files.fetch({ workspace_id: UNKNOWN_ID }))).code).toBe(40400);
  });

  it('refuses page_size 5000 with 40005 and recognition_status 9 with 40004 naming the member', async () => {
    const big = await rig.raw('GET', '/file/fetch', { query: { workspace_id: rig.workspaceId, page_size: '5000' } });
    expect([big.status, big.code]).toEqual([400, 40005]);
    const status = await rig.raw('GET', '/file/fetch', { query: { workspace_id: rig.workspaceId, recognition_status: '9' } });
    expect([status.status, status.code]).toEqual([400, 40004]);
    expect(status.msg).toContain('recognition_status');
  });
});

describe('POST /file/upload', () => {
  it('answers the new file with a generated batch number and processes it to success', async () => {
    const result = await upload(invoicePdf);
    expect(result.batch_number.length).toBeGreaterThan(0);
    expect(result.batch_number.length).toBeLessThanOrEqual(20);
    const [file] = result.files;
    expect(file).toEqual({ id: expect.stringMatching(ID), task_id: expect.stringMatching(ID), name: 'invoice.pdf', format: 'pdf' });
    const record = await waitForTask(rig.engine.client, rig.workspaceId, file!.task_id);
    expect(record).toMatchObject({ recognition_status: 1, category: 'Invoice', batch_number: result.batch_number });
  });

  it('keeps a given batch number and category, and reads parser options in both spellings', async () => {
    const batch = uniqueBatch();
    const result = await upload(invoicePdf, { batch_number: batch, category: 'Receipt', parser: { dpi: 216 } });
    expect(result.batch_number).toBe(batch);
    const record = await waitForTask(rig.engine.client, rig.workspaceId, result.files[0]!.task_id);
    expect(record.category).toBe('Receipt');
    expect(record.data!.fields.map((f) => [f.key, f.value])).toEqual([['Cashier', '']]);
    expect(record.pages[0]).toMatchObject({ dpi: 216, width: 1785 });
    expect(record.parser_params).toMatchObject({ dpi: 216 });
  });

  it('stops at classification when target_process is classify', async () => {
    const record = await processed(invoicePdf, { target_process: 'classify' });
    expect(record).toMatchObject({ recognition_status: 10, category: 'Invoice' });
    expect(record).not.toHaveProperty('data');
  });

  it('splits into a parent and a child per document found when split_flag is on', async () => {
    const record = await processed(twoPagePdf, { split_flag: true });
    expect(record).toMatchObject({ task_type: 2, recognition_status: 1, total_page_num: 2 });
    const children = record.child_files!;
    expect(children.map((c) => [c.task_type, c.parent_task_id, c.recognition_status, c.category, c.from_parent_position_list, c.pages!.length])).toEqual([
      [0, record.task_id, 1, 'Invoice', [0], 1],
      [0, record.task_id, 1, 'Receipt', [1], 1],
    ]);
    const child = children[0]!;
    expect(child.task_id).toMatch(ID);
    // A task id may name a child: it is answered on its own.
    const byChild = (await fetchTask(child.task_id)).files;
    expect(byChild.map((f) => [f.task_id, f.parent_task_id])).toEqual([[child.task_id, record.task_id]]);
  });

  it('makes no crop children of a text PDF and processes the parent itself', async () => {
    const record = await processed(invoicePdf, { crop_flag: true });
    expect(record).toMatchObject({ task_type: 2, recognition_status: 1, category: 'Invoice', child_files: [] });
    expect(record.data!.fields[0]!.value).toBe('INV-2026-0042');
  });

  it('accepts an empty file and fails it in processing with a clear cause', async () => {
    const record = await processed(await rig.writeTemp('empty.pdf', ''));
    expect(record.recognition_status).toBe(2);
    expect(record.failure_causes).toMatch(/empty/);
  });

  it('fails a damaged image in processing with a clear cause', async () => {
    const record = await processed(await rig.writeTemp('scan.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47])));
    expect(record.recognition_status).toBe(2);
    expect(record.failure_causes).toMatch(/not a readable PNG image/);
  });

  it('refuses an unsupported file type with 40303 naming the file', async () => {
    const error = await apiError(upload(await rig.writeTemp('setup.exe', new Uint8Array([0x4d, 0x5a]))));
    expect([error.httpStatus, error.code]).toEqual([415, 40303]);
    expect(error.msg).toContain('setup.exe');
    expect(error.msg).toContain('pdf');
  });

  it('refuses an unknown workspace with 40400, and an unknown or disabled category with 40004', async () => {
    expect((await apiError(rig.engine.client.files.upload(invoicePdf, { workspace_id: UNKNOWN_ID }))).code).toBe(40400);
    const error = await apiError(upload(invoicePdf, { category: 'No such category' }));
    expect(error.code).toBe(40004);
    expect(error.msg).toContain("'category'");
    const sample = await rig.writeTemp('memo-sample.txt', 'MEMO\nSubject: x\n');
    const { category_id } = await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Memo', fields: [{ name: 'Subject' }], sampleFiles: [sample] });
    await rig.engine.client.categories.update({ workspace_id: rig.workspaceId, category_id, enabled: 0 });
    const disabled = await apiError(upload(invoicePdf, { category: 'Memo' }));
    expect(disabled.code).toBe(40004);
    expect(disabled.msg).toContain('disabled');
  });
});

describe('POST /file/upload/sync', () => {
  it('answers the finished record with its document', async () => {
    const { total, files } = await rig.engine.client.files.uploadSync(invoicePdf, { workspace_id: rig.workspaceId });
    expect(total).toBe(1);
    const record = files[0]!;
    expect(record).toMatchObject({ recognition_status: 1, category: 'Invoice', name: 'invoice.pdf' });
    expect(record.id).toMatch(ID);
    expect(record.document!.pages[0]!.lines.length).toBe(INVOICE_LINES.length);
    expect(record.data!.fields[0]!.value).toBe('INV-2026-0042');
  });

  it('answers an unclassified file with category empty and no fields', async () => {
    const record = (await rig.engine.client.files.uploadSync(weatherTxt, { workspace_id: rig.workspaceId })).files[0]!;
    expect(record).toMatchObject({ recognition_status: 1, category: '', format: 'txt' });
    expect(record.data!.fields).toEqual([]);
    expect(record.pages[0]).toMatchObject({ dpi: 0 });
  });
});

describe('POST /file/extract_fields', () => {
  it('extracts new and existing fields and tables, merging them into the result', async () => {
    const file = await processed(invoicePdf);
    const { files } = await rig.engine.client.files.extractFields({
      workspace_id: rig.workspaceId,
      task_id: file.task_id,
      fields: [{ key: 'Due Date', prompt: 'Payment due' }, { key: 'Total Amount' }],
      tables: [{ name: 'Line items' }, { name: 'Taxes', extract_model: 'DF-M1' }],
    });
    expect(files.map((f) => f.task_id)).toEqual([file.task_id]);
    const data = files[0]!.data!;
    expect(data.fields.map((f) => [f.key, f.value])).toEqual([
      ['Invoice Number', 'INV-2026-0042'],
      ['Due Date', '2026-06-30'],
      ['Total Amount', '1,234.50'],
    ]);
    // "Payment due" is a standard label of a due date: the date beside it is as sure as any labelled date.
    expect(data.fields[1]!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(data.tables.map((t) => [t.tableName, t.tableType, t.extractModel])).toEqual([
      ['Line items', '0', 'Acgpt'],
      ['Taxes', '1', 'DF-M1'],
    ]);
    expect((await fetchTask(file.task_id)).files[0]!.data).toEqual(data);
  });

  it('refuses a task that has not completed with 40900', async () => {
    const failed = await processed(await rig.writeTemp('empty.txt', ''));
    const error = await apiError(rig.engine.client.files.extractFields({ workspace_id: rig.workspaceId, task_id: failed.task_id, fields: [{ key: 'Total' }] }));
    expect([error.httpStatus, error.code]).toEqual([409, 40900]);
    const { files } = await upload(largePdf);
    const busy = await apiError(rig.engine.client.files.extractFields({ workspace_id: rig.workspaceId, task_id: files[0]!.task_id, fields: [{ key: 'Total' }] }));
    expect(busy.code).toBe(40900);
    await dropLargeFile(files[0]!.task_id);
  });
});

describe('POST /file/amend_category', () => {
  it('changes the category of a regular task and extracts it again', async () => {
    const file = await processed(invoicePdf);
    expect(await rig.engine.client.files.amendCategory({ workspace_id: rig.workspaceId, task_id: file.task_id, category: 'Receipt' })).toBeUndefined();
    const record = await waitForTask(rig.engine.client, rig.workspaceId, file.task_id);
    expect(record).toMatchObject({ recognition_status: 1, category: 'Receipt' });
    expect(record.data!.fields.map((f) => f.key)).toEqual(['Cashier']);
  });

  it('replaces the children of a split task with the given categories and pages', async () => {
    const parent = await processed(twoPagePdf, { split_flag: true });
    await rig.engine.client.files.amendCategory({
      workspace_id: rig.workspaceId,
      task_id: parent.task_id,
      split_tasks: [
        { category: 'Invoice', pages: [0] },
        { category: 'Receipt', pages: [1] },
      ],
    });
    const record = await waitForTask(rig.engine.client, rig.workspaceId, parent.task_id);
    expect(record.recognition_status).toBe(1);
    const children = record.child_files!;
    expect(children.map((c) => [c.category, c.from_parent_position_list, c.recognition_status, c.task_type])).toEqual([
      ['Invoice', [0], 1, 0],
      ['Receipt', [1], 1, 0],
    ]);
    expect(children[1]!.data!.fields.map((f) => [f.key, f.value])).toEqual([['Cashier', 'Bob']]);
    expect(children.map((c) => c.task_id)).not.toContain(parent.child_files![0]!.task_id);
  });

  it('refuses invalid combinations, unknown categories and pages with 40004', async () => {
    const file = await processed(receiptTxt);
    const parent = await processed(twoPagePdf, { split_flag: true });
    const cases = [
      { task_id: file.task_id, category: 'No such category' },
      { task_id: file.task_id, category: 'Invoice', split_tasks: [{ category: 'Invoice', pages: [0] }] },
      { task_id: file.task_id, split_tasks: [{ category: 'Invoice', pages: [0] }] },
      { task_id: file.task_id, crop_tasks: [{ crop_child_task_id: UNKNOWN_ID, category: 'Invoice' }] },
      { task_id: parent.task_id, category: 'Invoice' },
      { task_id: parent.task_id, split_tasks: [{ category: 'Invoice', pages: [2] }] },
    ];
    for (const body of cases) {
      const error = await apiError(rig.engine.client.files.amendCategory({ workspace_id: rig.workspaceId, ...body }));
      expect(error.code, JSON.stringify(body)).toBe(40004);
    }
    expect((await apiError(rig.engine.client.files.amendCategory({ workspace_id: rig.workspaceId, task_id: UNKNOWN_ID, category: 'Invoice' }))).code).toBe(40400);
  });
});

describe('POST /file/update', () => {
  it('makes the given fields and rows the whole field set and bumps the update time', async () => {
    const file = await processed(invoicePdf);
    const position = [{ page: 0, vertices: [10, 10, 50, 10, 50, 30, 10, 30] }];
    const result = await rig.engine.client.files.update([
      {
        workspace_id: rig.workspaceId,
        file_id: file.id,
        data: { fields: [{ key: 'Invoice Number', value: 'INV-2026-0043', position }, { key: 'Note', value: 'checked' }], items: [[{ key: 'Item', value: 'Pens' }]] },
      },
    ]);
    expect(result.files).toEqual([{ workspace_id: rig.workspaceId, id: file.id }]);
    const record = (await fetchTask(file.task_id)).files[0]!;
    expect(record.data!.fields).toEqual([
      { key: 'Invoice Number', identifier: 'invoice_no', value: 'INV-2026-0043', position },
      { key: 'Note', identifier: '', value: 'checked', position: [] },
    ]);
    expect(record.data!.items).toEqual([[{ key: 'Item', value: 'Pens', position: [] }]]);
    expect(record.data!.tables.map((t) => t.tableName)).toEqual(['Line items']);
    expect(Date.parse(record.updated_at!)).toBeGreaterThan(Date.parse(file.updated_at!));
  });

  it('refuses an unknown file with 40400 and changes none of the batch', async () => {
    const file = await processed(receiptTxt);
    const error = await apiError(
      rig.engine.client.files.update([
        { workspace_id: rig.workspaceId, file_id: file.id, data: { fields: [] } },
        { workspace_id: rig.workspaceId, file_id: UNKNOWN_ID, data: { fields: [] } },
      ]),
    );
    expect(error.code).toBe(40400);
    expect(error.msg).toContain(UNKNOWN_ID);
    expect((await fetchTask(file.task_id)).files[0]!.data!.fields.map((f) => f.key)).toEqual(['Cashier']);
  });
});

describe('POST /file/delete', () => {
  it('soft-deletes by batch, task, file and time window, so that fetch leaves the files out', async () => {
    const batch = uniqueBatch();
    const byBatch = [(await upload(receiptTxt, { batch_number: batch })).files[0]!, (await upload(receiptTxt, { batch_number: batch })).files[0]!];
    const byTask = (await upload(receiptTxt)).files[0]!;
    const byFile = (await upload(receiptTxt)).files[0]!;
    for (const f of [...byBatch, byTask, byFile]) await waitForTask(rig.engine.client, rig.workspaceId, f.task_id);
    // start_time has whole seconds: begin on the next one, so that a file another test deleted earlier in this second stays out.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const since = new Date().toISOString();

    const { deleted_count } = await rig.engine.client.files.delete({ workspace_id: rig.workspaceId, batch_number: [batch], task_id: [byTask.task_id], file_id: [byFile.id] });
    expect(deleted_count).toBe(4);
    for (const f of [...byBatch, byTask, byFile]) expect((await fetchTask(f.task_id)).total).toBe(0);
    const deleted = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, verification_status: 4, start_time: since.replace(/\.\d+Z$/, 'Z') });
    expect(deleted.files.map((f) => f.task_id).sort()).toEqual([...byBatch, byTask, byFile].map((f) => f.task_id).sort());
    expect(deleted.files.every((f) => f.verification_status === 4)).toBe(true);
    expect((await rig.engine.client.files.delete({ workspace_id: rig.workspaceId, batch_number: [batch] })).deleted_count).toBe(0);

    const window = (await upload(receiptTxt)).files[0]!;
    await waitForTask(rig.engine.client, rig.workspaceId, window.task_id);
    const now = Math.floor(Date.now() / 1000);
    expect((await rig.engine.client.files.delete({ workspace_id: rig.workspaceId, start_time: now - 5, end_time: now + 5 })).deleted_count).toBeGreaterThanOrEqual(1);
    expect((await fetchTask(window.task_id)).total).toBe(0);
  });

  it('deletes the children of a split task with it', async () => {
    const parent = await processed(twoPagePdf, { split_flag: true });
    await rig.engine.client.files.delete({ workspace_id: rig.workspaceId, task_id: [parent.task_id] });
    expect((await fetchTask(parent.child_files![0]!.task_id)).total).toBe(0);
  });

  it('stops the work on a file deleted while in progress', async () => {
    const { files } = await upload(largePdf);
    await dropLargeFile(files[0]!.task_id);
    // Long enough for the job to pass its next steps, which must not write to the deleted file.
    await new Promise((r) => setTimeout(r, 3000));
    const record = (await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: files[0]!.task_id, verification_status: 4 })).files[0]!;
    expect(record.verification_status).toBe(4);
    expect([0, 5, 20]).toContain(record.recognition_status);
  });

  it('refuses a request without any condition with 40004', async () => {
    const answer = await rig.raw('POST', '/file/delete', { body: { workspace_id: rig.workspaceId } });
    expect([answer.status, answer.code]).toEqual([400, 40004]);
  });
});

describe('POST /file/retry', () => {
  it('processes a file again with merged parser params', async () => {
    const file = await processed(invoicePdf);
    expect(await rig.engine.client.files.retry({ workspace_id: rig.workspaceId, task_id: file.task_id, parser_params: { dpi: 216 } })).toBeUndefined();
    const record = await waitForTask(rig.engine.client, rig.workspaceId, file.task_id);
    expect(record.recognition_status).toBe(1);
    expect(record.parser_params).toMatchObject({ dpi: 216, parse_mode: 'auto' });
    expect(record.pages[0]!.dpi).toBe(216);
    expect(record.data!.fields[0]!.value).toBe('INV-2026-0042');
  });

  it('clears the failure of a failed file when run again', async () => {
    const failed = await processed(await rig.writeTemp('broken.pdf', '%PDF-1.7 not really'));
    expect(failed.failure_causes).toMatch(/not a readable PDF/);
    await rig.engine.client.files.retry({ workspace_id: rig.workspaceId, task_id: failed.task_id });
    const again = await waitForTask(rig.engine.client, rig.workspaceId, failed.task_id);
    expect(again.recognition_status).toBe(2);
    expect(Date.parse(again.updated_at!)).toBeGreaterThan(Date.parse(failed.updated_at!));
  });

  it('refuses a task in progress with 40900 and an unknown task with 40400', async () => {
    const { files } = await upload(largePdf);
    const busy = await apiError(rig.engine.client.files.retry({ workspace_id: rig.workspaceId, task_id: files[0]!.task_id }));
    expect([busy.httpStatus, busy.code]).toEqual([409, 40900]);
    expect((await apiError(rig.engine.client.files.retry({ workspace_id: rig.workspaceId, task_id: UNKNOWN_ID }))).code).toBe(40400);
    await dropLargeFile(files[0]!.task_id);
  });
});
