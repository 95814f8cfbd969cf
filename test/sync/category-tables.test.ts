import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncUntilDrained, tempDir, useSyncRig } from './sync-harness.js';

const rig = useSyncRig(0, { initialSync: false });
let ws: string;
let categoryId: string;

beforeAll(async () => {
  ws = rig.ws;
  const sample = join(await tempDir('docket-tables-'), 'invoice-sample.txt');
  await writeFile(sample, 'INVOICE\nInvoice number 7\nTotal 5.00\n');
  categoryId = (await rig.engine.client.categories.create({ workspace_id: ws, name: 'Invoices', fields: [{ name: 'Number' }], tables: [{ name: 'Lines', fields: [{ name: 'Amount' }] }], sampleFiles: [sample] })).category_id;
  await rig.core.sync.syncNow();
}, 60_000);

describe('a table of a category changed offline', () => {
  it('shows at once, goes through the table route alone, and leaves the same table when resent after a lost answer', async () => {
    const before = await rig.engine.client.categories.fieldsList({ workspace_id: ws, category_id: categoryId });
    const table = before.tables[0]!;
    await rig.core.sync.setMode('paused');
    rig.core.changes.updateCategoryTables({ workspace_id: ws, category_id: categoryId, tables: [{ table_id: table.id, name: 'Line items', prompt: 'one row per priced line' }] });
    expect(rig.core.catalog.category(ws, categoryId)?.fields?.tables.map((t) => [t.name, t.prompt, t.fields.map((f) => f.name)])).toEqual([['Line items', 'one row per priced line', ['Amount']]]);
    expect(rig.core.outbox.counts().pending).toBe(1);

    let lost = false;
    rig.proxy.setPlan((request) => (request.route === '/category/tables/batch_update' && !lost ? ((lost = true), { kind: 'lose-response' }) : { kind: 'pass' }));
    await rig.core.sync.setMode('online');
    await syncUntilDrained(rig.core);

    expect(lost).toBe(true);
    expect(rig.proxy.applied('/category/update')).toHaveLength(0);
    expect(rig.proxy.applied('/category/fields/batch_update')).toHaveLength(0);
    const after = await rig.engine.client.categories.fieldsList({ workspace_id: ws, category_id: categoryId });
    expect(after.tables.map((t) => [t.id, t.name, t.prompt, t.fields.map((f) => f.id)])).toEqual([[table.id, 'Line items', 'one row per priced line', table.fields.map((f) => f.id)]]);
    expect(after.fields).toEqual(before.fields);
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(rig.core.catalog.category(ws, categoryId)?.local_pending).toBe(0);
  });

  it('refuses a table the cached category does not have, and queues nothing', () => {
    expect(() => rig.core.changes.updateCategoryTables({ workspace_id: ws, category_id: categoryId, tables: [{ table_id: '1234567890123456789', name: 'x' }] })).toThrow(/not in the cached category/);
    expect(rig.core.outbox.counts().pending).toBe(0);
  });
});
