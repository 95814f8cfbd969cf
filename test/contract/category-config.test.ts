import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../src/shared/api/index.js';
import { apiError } from './api-error.js';
import { useContractRig } from './contract-rig.js';

const UNKNOWN_ID = '1234567890123456789';
const FIELDS: FieldDefinition[] = [{ name: 'Invoice number', alias: ['No.'] }, { name: 'Total' }];

const rig = useContractRig();
let txtSample: string;
let pdfSample: string;
let counter = 0;

beforeAll(async () => {
  txtSample = await rig.writeTemp('invoice.txt', 'INVOICE\nInvoice number 2024-001\nTotal 118.00 EUR\n');
  pdfSample = await rig.writeTemp('receipt.txt', 'RECEIPT\nTotal 9.50\n');
});

async function newCategory(samples = [txtSample]) {
  const { category_id } = await rig.engine.client.categories.create({
    workspace_id: rig.workspaceId,
    name: `Config ${++counter}`,
    fields: FIELDS,
    tables: [{ name: 'Lines', fields: [{ name: 'Item' }, { name: 'Amount' }] }],
    sampleFiles: samples,
  });
  return { workspace_id: rig.workspaceId, category_id };
}

async function listing(ref: { workspace_id: string; category_id: string }) {
  return rig.engine.client.categories.fieldsList(ref);
}

describe('POST /category/fields/add', () => {
  it('adds one field beside the others and answers its whole configuration with with_detail', async () => {
    const ref = await newCategory();
    const added = await rig.engine.client.categories.fields.add({ ...ref, name: 'Due date', alias: ['Payable by'], extract_model: 'Acgpt', with_detail: true });
    expect(added).toMatchObject({ name: 'Due date', alias: ['Payable by'], extract_model: 'Acgpt', enabled: 1 });
    const { fields } = await listing(ref);
    expect(fields.map((f) => f.name)).toEqual(['Invoice number', 'Total', 'Due date']);
    expect(fields[2]!.id).toBe(added.field_id);
  });

  it('adds a column to a table with table_id, and refuses a name the table already has with 40900', async () => {
    const ref = await newCategory();
    const table = (await listing(ref)).tables[0]!;
    const { field_id } = await rig.engine.client.categories.fields.add({ ...ref, table_id: table.id, name: 'Quantity' });
    expect((await listing(ref)).tables[0]!.fields.map((f) => [f.id, f.name]).at(-1)).toEqual([field_id, 'Quantity']);
    expect((await apiError(rig.engine.client.categories.fields.add({ ...ref, table_id: table.id, name: 'Item' }))).code).toBe(40900);
  });
});

describe('POST /category/fields/update', () => {
  it('changes one field and leaves every other field as it was', async () => {
    const ref = await newCategory();
    const before = await listing(ref);
    const [number, total] = before.fields;
    await rig.engine.client.categories.fields.update({ ...ref, field_id: number!.id, name: 'Invoice no', alias: [] });
    const after = await listing(ref);
    expect(after.fields[0]).toMatchObject({ id: number!.id, name: 'Invoice no', alias: [] });
    expect(after.fields[1]).toEqual(total);
    expect(after.tables).toEqual(before.tables);
  });
});

describe('POST /category/fields/batch_add', () => {
  it('answers the new ids in the order sent', async () => {
    const ref = await newCategory();
    const added = await rig.engine.client.categories.fields.batchAdd({ ...ref, fields: [{ name: 'Seller' }, { name: 'Buyer' }] });
    const { fields } = await listing(ref);
    expect(added.map((f) => f.field_id)).toEqual(fields.slice(2).map((f) => f.id));
  });

  it('adds nothing when one item of the batch is refused', async () => {
    const ref = await newCategory();
    const before = await listing(ref);
    const error = await apiError(rig.engine.client.categories.fields.batchAdd({ ...ref, fields: [{ name: 'Seller' }, { name: 'Total' }] }));
    expect(error.code).toBe(40900);
    expect(await listing(ref)).toEqual(before);
  });
});

describe('POST /category/fields/batch_update', () => {
  it('updates every field of the batch and answers them with with_detail', async () => {
    const ref = await newCategory();
    const [a, b] = (await listing(ref)).fields;
    const updated = await rig.engine.client.categories.fields.batchUpdate({ ...ref, fields: [{ field_id: a!.id, prompt: 'top right' }, { field_id: b!.id, identity: 'total' }], with_detail: true });
    expect(updated?.map((f) => [f.field_id, f['prompt'] ?? f['identity']])).toEqual([[a!.id, 'top right'], [b!.id, 'total']]);
  });

  it('changes nothing when one field id of the batch is unknown', async () => {
    const ref = await newCategory();
    const before = await listing(ref);
    const error = await apiError(rig.engine.client.categories.fields.batchUpdate({ ...ref, fields: [{ field_id: before.fields[0]!.id, name: 'Renamed' }, { field_id: UNKNOWN_ID, name: 'Other' }] }));
    expect(error.code).toBe(40400);
    expect(await listing(ref)).toEqual(before);
  });
});

describe('POST /category/fields/delete', () => {
  it('deletes regular fields, and table fields with table_id, all or nothing', async () => {
    const ref = await newCategory();
    const before = await listing(ref);
    const table = before.tables[0]!;
    expect((await apiError(rig.engine.client.categories.fields.delete({ ...ref, field_ids: [before.fields[0]!.id, table.fields[0]!.id] }))).code).toBe(40400);
    expect(await listing(ref)).toEqual(before);
    await rig.engine.client.categories.fields.delete({ ...ref, field_ids: [before.fields[0]!.id] });
    await rig.engine.client.categories.fields.delete({ ...ref, table_id: table.id, field_ids: [table.fields[0]!.id] });
    const after = await listing(ref);
    expect(after.fields.map((f) => f.name)).toEqual(['Total']);
    expect(after.tables[0]!.fields.map((f) => f.name)).toEqual(['Amount']);
  });
});

describe('GET /category/fields/config', () => {
  it("answers one field's whole configuration, naming the table of a table field", async () => {
    const ref = await newCategory();
    const { fields, tables } = await listing(ref);
    expect(await rig.engine.client.categories.fields.config({ ...ref, field_id: fields[0]!.id })).toEqual(fields[0]);
    expect(await rig.engine.client.categories.fields.config({ ...ref, field_id: tables[0]!.fields[1]!.id })).toMatchObject({ name: 'Amount', table_id: tables[0]!.id });
    expect((await apiError(rig.engine.client.categories.fields.config({ ...ref, field_id: UNKNOWN_ID }))).code).toBe(40400);
  });
});

describe('POST /category/tables/add', () => {
  it('adds a table with its fields, answered whole with with_detail', async () => {
    const ref = await newCategory();
    const added = await rig.engine.client.categories.tables.add({ ...ref, name: 'Taxes', prompt: 'the tax lines', fields: [{ name: 'Rate' }], with_detail: true });
    expect(added).toMatchObject({ name: 'Taxes', prompt: 'the tax lines', collect_from_multi_table: false });
    expect(added.fields?.map((f) => f.name)).toEqual(['Rate']);
    expect((await rig.engine.client.categories.tablesList(ref)).tables.map((t) => t.name)).toEqual(['Lines', 'Taxes']);
  });
});

describe('POST /category/tables/update', () => {
  it('changes one table and leaves its fields', async () => {
    const ref = await newCategory();
    const before = (await listing(ref)).tables[0]!;
    await rig.engine.client.categories.tables.update({ ...ref, table_id: before.id, name: 'Goods', collect_from_multi_table: true });
    const after = (await listing(ref)).tables[0]!;
    expect(after).toMatchObject({ id: before.id, name: 'Goods', collect_from_multi_table: true });
    expect(after.fields).toEqual(before.fields);
  });
});

describe('POST /category/tables/batch_add', () => {
  it('adds nothing when one table of the batch has a name the category already has', async () => {
    const ref = await newCategory();
    const before = await listing(ref);
    expect((await apiError(rig.engine.client.categories.tables.batchAdd({ ...ref, tables: [{ name: 'Taxes' }, { name: 'Lines' }] }))).code).toBe(40900);
    expect(await listing(ref)).toEqual(before);
    const added = await rig.engine.client.categories.tables.batchAdd({ ...ref, tables: [{ name: 'Taxes' }, { name: 'Fees' }] });
    expect((await listing(ref)).tables.slice(1).map((t) => t.id)).toEqual(added.map((t) => t.table_id));
  });
});

describe('POST /category/tables/batch_update', () => {
  it('changes nothing when one table id of the batch is unknown, and every table otherwise', async () => {
    const ref = await newCategory();
    const [table] = await rig.engine.client.categories.tables.batchAdd({ ...ref, tables: [{ name: 'Taxes' }] });
    const before = await listing(ref);
    const error = await apiError(rig.engine.client.categories.tables.batchUpdate({ ...ref, tables: [{ table_id: table!.table_id, name: 'Tax lines' }, { table_id: UNKNOWN_ID, name: 'x' }] }));
    expect(error.code).toBe(40400);
    expect(await listing(ref)).toEqual(before);
    await rig.engine.client.categories.tables.batchUpdate({ ...ref, tables: [{ table_id: table!.table_id, name: 'Tax lines' }, { table_id: before.tables[0]!.id, prompt: 'goods' }] });
    expect((await listing(ref)).tables.map((t) => [t.name, t.prompt])).toEqual([['Lines', 'goods'], ['Tax lines', '']]);
  });
});

describe('POST /category/sample/batch_download', () => {
  it('answers the samples as one ZIP whose entries are the uploaded bytes', async () => {
    const ref = await newCategory([txtSample, pdfSample]);
    const zip = await rig.engine.client.categories.samples.batchDownload(ref);
    const path = join(rig.dir, `samples-${ref.category_id}.zip`);
    await writeFile(path, zip);
    expect(execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n')).toEqual(['invoice.txt', 'receipt.txt']);
    expect(execFileSync('unzip', ['-p', path, 'receipt.txt'])).toEqual(await readFile(pdfSample));
    const { samples } = await rig.engine.client.categories.samples.list(ref);
    const one = await rig.engine.client.categories.samples.batchDownload({ ...ref, sample_ids: [samples[0]!.sample_id] });
    await writeFile(path, one);
    expect(execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim()).toBe('invoice.txt');
    expect((await apiError(rig.engine.client.categories.samples.batchDownload({ ...ref, sample_ids: [UNKNOWN_ID] }))).code).toBe(40400);
  });
});
