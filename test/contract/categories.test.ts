import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition, TableDefinition } from '../../src/shared/api/index.js';
import type { CategoryCreateInput } from '../../src/main/core/api/index.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { apiError } from './api-error.js';
import { useContractRig } from './contract-rig.js';

const UNKNOWN_ID = '1234567890123456789';
const FIELDS: FieldDefinition[] = [
  { name: 'Invoice number', description: 'the number printed top right', alias: ['No.', 'Invoice #'], use_prompt: false },
  { name: 'Issue date', transform_settings: { datetime_settings: { format: 'yyyy-MM-dd' } } },
];
const TABLES: TableDefinition[] = [
  { name: 'Line items', description: 'goods sold', prompt: 'every row of the goods table', collect_from_multi_table: true, fields: [{ name: 'Item' }, { name: 'Amount' }] },
  { name: 'Taxes', fields: [{ name: 'Rate' }] },
];

const rig = useContractRig();
let otherWorkspaceId: string;
let txtSample: string;
let pdfSample: string;
let exeSample: string;
let nameCounter = 0;

beforeAll(async () => {
  otherWorkspaceId = (await rig.engine.client.workspaces.create({ name: 'Other desk', auth_scope: 0 })).workspace_id;
  txtSample = await rig.writeTemp('invoice.txt', 'INVOICE\nInvoice number 2024-001\nTotal 118.00 EUR\n');
  pdfSample = await rig.writeTemp('invoice.pdf', await makeTextPdf([['INVOICE', 'Invoice number 2024-002']]));
  exeSample = await rig.writeTemp('setup.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00]));
});

function uniqueName(prefix = 'Category'): string {
  return `${prefix} ${++nameCounter}`;
}

function createCategory(input: Partial<CategoryCreateInput> = {}) {
  return rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: uniqueName(), fields: FIELDS, sampleFiles: [txtSample], ...input });
}

async function sampleIds(categoryId: string, workspace = rig.workspaceId): Promise<string[]> {
  const { samples } = await rig.engine.client.categories.samples.list({ workspace_id: workspace, category_id: categoryId, page_size: 100 });
  return samples.map((s) => s.sample_id);
}

async function listedIds(query: { workspace_id?: string; enabled?: 'all' | '0' | '1' | '2' } = {}): Promise<string[]> {
  const { categories } = await rig.engine.client.categories.list({ workspace_id: rig.workspaceId, page_size: 100, ...query });
  return categories.map((c) => c.id);
}


async function createForm(parts: Record<string, string>, samplePaths: readonly string[] = [txtSample]): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ workspace_id: rig.workspaceId, fields: JSON.stringify(FIELDS), ...parts })) form.append(name, value);
  for (const path of samplePaths) form.append('sample_files', new Blob([await readFile(path)]), basename(path));
  return form;
}

describe('POST /category/create', () => {
  it('creates a category whose fields, tables and samples the reads then answer', async () => {
    const name = uniqueName('Supplier invoice');
    const created = await rig.engine.client.categories.create({
      workspace_id: rig.workspaceId,
      name,
      description: 'invoices from suppliers',
      category_prompt: 'a supplier invoice with a VAT number',
      fields: FIELDS,
      tables: TABLES,
      with_detail: true,
      sampleFiles: [txtSample, pdfSample],
    });
    expect(created.category_id).toMatch(/^\d{19}$/);
    expect(created.category).toEqual({
      id: created.category_id,
      name,
      description: 'invoices from suppliers',
      category_prompt: 'a supplier invoice with a VAT number',
      extract_model: 'Auto',
      enabled: 1,
    });

    const ref = { workspace_id: rig.workspaceId, category_id: created.category_id };
    const { fields, tables } = await rig.engine.client.categories.fieldsList(ref);
    expect(fields).toEqual(FIELDS.map((definition) => ({ ...definition, id: expect.stringMatching(/^\d{19}$/), enabled: 1, extract_model: 'Auto' })));
    expect(tables.map((t) => [t.name, t.fields.map((f) => f.name)])).toEqual(TABLES.map((t) => [t.name, t.fields.map((f) => f.name)]));
    const { samples } = await rig.engine.client.categories.samples.list(ref);
    expect(samples.map((s) => s.file_name)).toEqual(['invoice.txt', 'invoice.pdf']);
    expect(await listedIds()).toContain(created.category_id);
  });

  it('answers only the id without with_detail, and gives every field and table the category model', async () => {
    const created = await createCategory({ extract_model: 'DF-M1', tables: TABLES });
    expect(created.category).toBeUndefined();
    const { fields, tables } = await rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id: created.category_id });
    const models = [...fields, ...tables, ...tables.flatMap((t) => t.fields)].map((x) => x.extract_model);
    expect(new Set(models)).toEqual(new Set(['DF-M1']));
  });

  it('refuses a duplicate name in the workspace with 40900, and takes the same name in another workspace', async () => {
    const name = uniqueName('Receipt');
    await createCategory({ name });
    const error = await apiError(createCategory({ name }));
    expect(error.code).toBe(40900);
    expect(error.msg).toContain(name);
    const elsewhere = await createCategory({ name, workspace_id: otherWorkspaceId });
    expect(elsewhere.category_id).toMatch(/^\d{19}$/);
  });

  it('refuses a sample of an unsupported format with 40303 naming the file, and creates nothing', async () => {
    const name = uniqueName('Unsupported');
    const error = await apiError(createCategory({ name, sampleFiles: [txtSample, exeSample] }));
    expect(error.code).toBe(40303);
    expect(error.msg).toContain('setup.exe');
    const { categories } = await rig.engine.client.categories.list({ workspace_id: rig.workspaceId, enabled: 'all', page_size: 100 });
    expect(categories.map((c) => c.name)).not.toContain(name);
  });

  it('answers 40400 for an unknown workspace', async () => {
    expect((await apiError(createCategory({ workspace_id: UNKNOWN_ID }))).code).toBe(40400);
  });

  it('refuses a name over 50 characters with 40005 naming name', async () => {
    const answer = await rig.raw('POST', '/category/create', { body: await createForm({ name: 'n'.repeat(51) }) });
    expect([answer.status, answer.code]).toEqual([400, 40005]);
    expect(answer.msg).toContain("'name'");
  });

  it('refuses a category_prompt over 150 characters with 40005', async () => {
    const answer = await rig.raw('POST', '/category/create', { body: await createForm({ name: uniqueName(), category_prompt: 'p'.repeat(151) }) });
    expect(answer.code).toBe(40005);
    expect(answer.msg).toContain("'category_prompt'");
  });

  it('refuses a request without samples with 40004 naming sample_files', async () => {
    const answer = await rig.raw('POST', '/category/create', { body: await createForm({ name: uniqueName() }, []) });
    expect([answer.status, answer.code]).toEqual([400, 40004]);
    expect(answer.msg).toContain('sample_files');
  });

  it('refuses a request without fields with 40004 naming fields', async () => {
    const answer = await rig.raw('POST', '/category/create', { body: await createForm({ name: uniqueName(), fields: '[]' }) });
    expect(answer.code).toBe(40004);
    expect(answer.msg).toContain('fields');
  });

  it('refuses more than 100 fields, table fields included, with 40005', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Column ${i}` }));
    const answer = await rig.raw('POST', '/category/create', { body: await createForm({ name: uniqueName(), fields: JSON.stringify(many(60)), tables: JSON.stringify([{ name: 'Rows', fields: many(41) }]) }) });
    expect(answer.code).toBe(40005);
    expect(answer.msg).toContain("'fields'");
  });

  it('refuses two fields with the same name with 40004', async () => {
    const answer = await rig.raw('POST', '/category/create', { body: await createForm({ name: uniqueName(), fields: JSON.stringify([{ name: 'Total' }, { name: 'Total' }]) }) });
    expect(answer.code).toBe(40004);
    expect(answer.msg).toContain('Total');
  });
});

describe('POST /category/update', () => {
  it('changes name, prompt, description and state, answering the record with with_detail', async () => {
    const { category_id } = await createCategory();
    const name = uniqueName('Renamed');
    const record = await rig.engine.client.categories.update({
      workspace_id: rig.workspaceId,
      category_id,
      name,
      category_prompt: 'new prompt',
      description: 'new description',
      enabled: 2,
      with_detail: true,
    });
    expect(record).toEqual({ id: category_id, name, description: 'new description', category_prompt: 'new prompt', extract_model: 'Auto', enabled: 2 });
    const { categories } = await rig.engine.client.categories.list({ workspace_id: rig.workspaceId, enabled: '2', page_size: 100 });
    expect(categories.find((c) => c.id === category_id)).toEqual(record);
    expect(await listedIds()).not.toContain(category_id);
  });

  it('answers no result without with_detail, and an extract_model overrides every field and table', async () => {
    const { category_id } = await createCategory({ tables: TABLES });
    const answer = await rig.engine.client.categories.update({ workspace_id: rig.workspaceId, category_id, extract_model: 'Acgpt-VL' });
    expect(answer).toBeUndefined();
    const { fields, tables } = await rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id });
    const models = [...fields, ...tables, ...tables.flatMap((t) => t.fields)].map((x) => x.extract_model);
    expect(new Set(models)).toEqual(new Set(['Acgpt-VL']));
    const { categories } = await rig.engine.client.categories.list({ workspace_id: rig.workspaceId, page_size: 100 });
    expect(categories.find((c) => c.id === category_id)?.extract_model).toBe('Acgpt-VL');
  });

  it('refuses a rename to a name the workspace already has with 40900, and keeps a same-name update', async () => {
    const taken = uniqueName('Taken');
    await createCategory({ name: taken });
    const own = uniqueName('Own');
    const { category_id } = await createCategory({ name: own });
    expect((await apiError(rig.engine.client.categories.update({ workspace_id: rig.workspaceId, category_id, name: taken }))).code).toBe(40900);
    await rig.engine.client.categories.update({ workspace_id: rig.workspaceId, category_id, name: own });
    const { categories } = await rig.engine.client.categories.list({ workspace_id: rig.workspaceId, page_size: 100 });
    expect(categories.find((c) => c.id === category_id)?.name).toBe(own);
  });

  it('answers 40400 for an unknown category and for a category of another workspace', async () => {
    const { category_id } = await createCategory();
    expect((await apiError(rig.engine.client.categories.update({ workspace_id: rig.workspaceId, category_id: UNKNOWN_ID, name: 'x' }))).code).toBe(40400);
    expect((await apiError(rig.engine.client.categories.update({ workspace_id: otherWorkspaceId, category_id, name: 'x' }))).code).toBe(40400);
  });

  it('refuses a category_prompt over 150 characters with 40005', async () => {
    const { category_id } = await createCategory();
    const answer = await rig.raw('POST', '/category/update', { body: { workspace_id: rig.workspaceId, category_id, category_prompt: 'p'.repeat(151) } });
    expect([answer.status, answer.code]).toEqual([400, 40005]);
    expect(answer.msg).toContain("'category_prompt'");
  });
});

describe('POST /category/delete', () => {
  it('deletes categories so that the list and their reads no longer have them', async () => {
    const [a, b] = [(await createCategory()).category_id, (await createCategory()).category_id];
    await rig.engine.client.categories.delete({ workspace_id: rig.workspaceId, category_ids: [a, b] });
    const listed = await listedIds({ enabled: 'all' });
    expect(listed).not.toContain(a);
    expect(listed).not.toContain(b);
    expect((await apiError(rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id: a }))).code).toBe(40400);
  });

  it('deletes nothing when one id is unknown or of another workspace', async () => {
    const kept = (await createCategory()).category_id;
    const foreign = (await createCategory({ workspace_id: otherWorkspaceId })).category_id;
    for (const stranger of [UNKNOWN_ID, foreign]) {
      const error = await apiError(rig.engine.client.categories.delete({ workspace_id: rig.workspaceId, category_ids: [kept, stranger] }));
      expect(error.code).toBe(40400);
      expect(error.msg).toContain(stranger);
    }
    expect(await listedIds()).toContain(kept);
  });
});

describe('GET /category/list', () => {
  it('pages through a workspace with the defaults of the notes', async () => {
    const { workspace_id } = await rig.engine.client.workspaces.create({ name: uniqueName('List desk'), auth_scope: 0 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createCategory({ workspace_id })).category_id);
    const first = await rig.engine.client.categories.list({ workspace_id });
    expect([first.total, first.page, first.page_size]).toEqual([3, 1, 20]);
    expect(first.categories.map((c) => c.id)).toEqual(ids);
    const second = await rig.engine.client.categories.list({ workspace_id, page: 2, page_size: 2 });
    expect([second.total, second.page, second.page_size]).toEqual([3, 2, 2]);
    expect(second.categories.map((c) => c.id)).toEqual(ids.slice(2));
  });

  it('filters by state: enabled by default, 0, 2 or all', async () => {
    const { workspace_id } = await rig.engine.client.workspaces.create({ name: uniqueName('State desk'), auth_scope: 0 });
    const [on, off, draft] = [(await createCategory({ workspace_id })).category_id, (await createCategory({ workspace_id })).category_id, (await createCategory({ workspace_id })).category_id];
    await rig.engine.client.categories.update({ workspace_id, category_id: off, enabled: 0 });
    await rig.engine.client.categories.update({ workspace_id, category_id: draft, enabled: 2 });
    const ids = async (enabled?: 'all' | '0' | '1' | '2') => (await rig.engine.client.categories.list({ workspace_id, ...(enabled ? { enabled } : {}) })).categories.map((c) => c.id);
    expect(await ids()).toEqual([on]);
    expect(await ids('1')).toEqual([on]);
    expect(await ids('0')).toEqual([off]);
    expect(await ids('2')).toEqual([draft]);
    expect(await ids('all')).toEqual([on, off, draft]);
  });

  it('answers 40400 for an unknown workspace', async () => {
    expect((await apiError(rig.engine.client.categories.list({ workspace_id: UNKNOWN_ID }))).code).toBe(40400);
  });
});

describe('GET /category/fields/list', () => {
  it('answers each field definition as created, with id, state and model, and the tables with their fields', async () => {
    const { category_id } = await createCategory({ tables: TABLES, extract_model: 'Acgpt' });
    const { fields, tables } = await rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id });
    expect(fields).toEqual(FIELDS.map((definition) => ({ ...definition, id: expect.stringMatching(/^\d{19}$/), enabled: 1, extract_model: 'Acgpt' })));
    expect(tables).toEqual(
      TABLES.map((table) => ({
        id: expect.stringMatching(/^\d{19}$/),
        name: table.name,
        description: table.description ?? '',
        prompt: table.prompt ?? '',
        collect_from_multi_table: table.collect_from_multi_table ?? false,
        extract_model: 'Acgpt',
        fields: table.fields.map((definition) => ({ ...definition, id: expect.stringMatching(/^\d{19}$/), enabled: 1, extract_model: 'Acgpt' })),
      })),
    );
  });

  it('answers 40400 for a category of another workspace and for an unknown workspace', async () => {
    const { category_id } = await createCategory();
    expect((await apiError(rig.engine.client.categories.fieldsList({ workspace_id: otherWorkspaceId, category_id }))).code).toBe(40400);
    expect((await apiError(rig.engine.client.categories.fieldsList({ workspace_id: UNKNOWN_ID, category_id }))).code).toBe(40400);
  });
});

describe('GET /category/tables/list', () => {
  it('lists the tables of a category in order, and none for a category without tables', async () => {
    const { category_id } = await createCategory({ tables: TABLES });
    const { tables } = await rig.engine.client.categories.tablesList({ workspace_id: rig.workspaceId, category_id });
    expect(tables.map((t) => [t.name, t.prompt, t.collect_from_multi_table, t.extract_model])).toEqual([
      ['Line items', 'every row of the goods table', true, 'Auto'],
      ['Taxes', '', false, 'Auto'],
    ]);
    const plain = await createCategory();
    expect((await rig.engine.client.categories.tablesList({ workspace_id: rig.workspaceId, category_id: plain.category_id })).tables).toEqual([]);
  });

  it('answers 40400 for an unknown category', async () => {
    expect((await apiError(rig.engine.client.categories.tablesList({ workspace_id: rig.workspaceId, category_id: UNKNOWN_ID }))).code).toBe(40400);
  });
});

describe('POST /category/tables/delete', () => {
  it('deletes a table with its fields and keeps the others', async () => {
    const { category_id } = await createCategory({ tables: TABLES });
    const ref = { workspace_id: rig.workspaceId, category_id };
    const [lineItems, taxes] = (await rig.engine.client.categories.tablesList(ref)).tables;
    await rig.engine.client.categories.tablesDelete({ ...ref, table_ids: [lineItems!.id] });
    expect((await rig.engine.client.categories.tablesList(ref)).tables.map((t) => t.id)).toEqual([taxes!.id]);
    const { fields, tables } = await rig.engine.client.categories.fieldsList(ref);
    expect(tables.map((t) => t.name)).toEqual(['Taxes']);
    expect(fields.map((f) => f.name)).toEqual(FIELDS.map((f) => f.name));
  });

  it('deletes nothing when one table id is unknown or of another category', async () => {
    const { category_id } = await createCategory({ tables: TABLES });
    const other = await createCategory({ tables: TABLES });
    const ref = { workspace_id: rig.workspaceId, category_id };
    const own = (await rig.engine.client.categories.tablesList(ref)).tables.map((t) => t.id);
    const foreign = (await rig.engine.client.categories.tablesList({ workspace_id: rig.workspaceId, category_id: other.category_id })).tables[0]!.id;
    for (const stranger of [UNKNOWN_ID, foreign]) {
      expect((await apiError(rig.engine.client.categories.tablesDelete({ ...ref, table_ids: [own[0]!, stranger] }))).code).toBe(40400);
    }
    expect((await rig.engine.client.categories.tablesList(ref)).tables.map((t) => t.id)).toEqual(own);
  });
});

describe('POST /category/sample/upload', () => {
  it('adds one sample, answering its id, and the whole list with with_detail', async () => {
    const { category_id } = await createCategory();
    const ref = { workspace_id: rig.workspaceId, category_id };
    const plain = await rig.engine.client.categories.samples.upload(pdfSample, ref);
    expect(plain.sample_id).toMatch(/^\d{19}$/);
    expect(plain.samples).toBeUndefined();
    const detailed = await rig.engine.client.categories.samples.upload(txtSample, { ...ref, with_detail: true }, { fileName: 'second.txt' });
    expect(detailed.samples?.map((s) => s.file_name)).toEqual(['invoice.txt', 'invoice.pdf', 'second.txt']);
    expect(await sampleIds(category_id)).toEqual(detailed.samples?.map((s) => s.sample_id));
    expect(await sampleIds(category_id)).toContain(plain.sample_id);
  });

  it('refuses an unsupported format with 40303 and stores nothing', async () => {
    const { category_id } = await createCategory();
    const error = await apiError(rig.engine.client.categories.samples.upload(exeSample, { workspace_id: rig.workspaceId, category_id }));
    expect(error.code).toBe(40303);
    expect(error.msg).toContain('setup.exe');
    expect(await sampleIds(category_id)).toHaveLength(1);
  });

  it('answers 40400 for a category of another workspace', async () => {
    const { category_id } = await createCategory();
    expect((await apiError(rig.engine.client.categories.samples.upload(txtSample, { workspace_id: otherWorkspaceId, category_id }))).code).toBe(40400);
  });
});

describe('POST /category/sample/batch_upload', () => {
  it('adds several samples at once, answering the list with with_detail', async () => {
    const { category_id } = await createCategory();
    const ref = { workspace_id: rig.workspaceId, category_id };
    expect(await rig.engine.client.categories.samples.batchUpload([pdfSample, txtSample], ref)).toEqual({});
    const detailed = await rig.engine.client.categories.samples.batchUpload([pdfSample], { ...ref, with_detail: true });
    expect(detailed.samples?.map((s) => s.file_name)).toEqual(['invoice.txt', 'invoice.pdf', 'invoice.txt', 'invoice.pdf']);
    expect(await sampleIds(category_id)).toEqual(detailed.samples?.map((s) => s.sample_id));
  });

  it('keeps a category at 20 samples at most, across uploads, with 40005', async () => {
    const { category_id } = await createCategory();
    const ref = { workspace_id: rig.workspaceId, category_id };
    await rig.engine.client.categories.samples.batchUpload(Array<string>(10).fill(txtSample), ref);
    const error = await apiError(rig.engine.client.categories.samples.batchUpload(Array<string>(10).fill(txtSample), ref));
    expect(error.code).toBe(40005);
    expect(error.msg).toContain('20');
    expect(await sampleIds(category_id)).toHaveLength(11);
    await rig.engine.client.categories.samples.batchUpload(Array<string>(9).fill(pdfSample), ref);
    expect(await sampleIds(category_id)).toHaveLength(20);
  });
});

describe('GET /category/sample/list', () => {
  it('pages through the samples in upload order', async () => {
    const { category_id } = await createCategory({ sampleFiles: [txtSample, pdfSample, txtSample] });
    const ref = { workspace_id: rig.workspaceId, category_id };
    const all = await rig.engine.client.categories.samples.list(ref);
    expect([all.total, all.page, all.page_size]).toEqual([3, 1, 20]);
    expect(all.samples.map((s) => s.file_name)).toEqual(['invoice.txt', 'invoice.pdf', 'invoice.txt']);
    const second = await rig.engine.client.categories.samples.list({ ...ref, page: 2, page_size: 2 });
    expect(second.samples).toEqual(all.samples.slice(2));
    expect(second.total).toBe(3);
  });

  it('answers 40400 for a category of another workspace', async () => {
    const { category_id } = await createCategory();
    expect((await apiError(rig.engine.client.categories.samples.list({ workspace_id: otherWorkspaceId, category_id }))).code).toBe(40400);
  });
});

describe('POST /category/sample/delete', () => {
  it('deletes samples so that the list and the download no longer have them', async () => {
    const { category_id } = await createCategory({ sampleFiles: [txtSample, pdfSample] });
    const ref = { workspace_id: rig.workspaceId, category_id };
    const [first, second] = await sampleIds(category_id);
    await rig.engine.client.categories.samples.delete({ ...ref, sample_ids: [first!] });
    expect(await sampleIds(category_id)).toEqual([second]);
    expect((await apiError(rig.engine.client.categories.samples.download({ ...ref, sample_id: first! }))).code).toBe(40400);
  });

  it('deletes nothing when one sample id is unknown', async () => {
    const { category_id } = await createCategory({ sampleFiles: [txtSample, pdfSample] });
    const ids = await sampleIds(category_id);
    const error = await apiError(rig.engine.client.categories.samples.delete({ workspace_id: rig.workspaceId, category_id, sample_ids: [ids[0]!, UNKNOWN_ID] }));
    expect(error.code).toBe(40400);
    expect(await sampleIds(category_id)).toEqual(ids);
  });
});

describe('GET /category/sample/download', () => {
  it('answers the exact bytes of each uploaded sample', async () => {
    const { category_id } = await createCategory({ sampleFiles: [txtSample, pdfSample] });
    const ref = { workspace_id: rig.workspaceId, category_id };
    const ids = await sampleIds(category_id);
    for (const [i, path] of [txtSample, pdfSample].entries()) {
      const bytes = await rig.engine.client.categories.samples.download({ ...ref, sample_id: ids[i]! });
      expect(Buffer.from(bytes).equals(await readFile(path))).toBe(true);
    }
  });

  it('answers 40400 for a sample of another category', async () => {
    const owner = await createCategory();
    const other = await createCategory();
    const [sampleId] = await sampleIds(owner.category_id);
    expect((await apiError(rig.engine.client.categories.samples.download({ workspace_id: rig.workspaceId, category_id: other.category_id, sample_id: sampleId! }))).code).toBe(40400);
  });
});
