import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncUntilDrained, tempDir, useSyncRig } from './sync-harness.js';

const rig = useSyncRig(0, { initialSync: false });
let ws: string;
let categoryId: string;

beforeAll(async () => {
  ws = rig.ws;
  const sample = join(await tempDir('docket-fields-'), 'invoice-sample.txt');
  await writeFile(sample, 'INVOICE\nInvoice number 7\nTotal 5.00\n');
  categoryId = (await rig.engine.client.categories.create({ workspace_id: ws, name: 'Invoices', fields: [{ name: 'Number' }, { name: 'Total', alias: ['Sum'] }], sampleFiles: [sample] })).category_id;
  await rig.core.sync.syncNow();
}, 60_000);

describe('one field of a category changed offline', () => {
  it('shows at once, goes through the field route alone, and leaves the same fields when resent after a lost answer', async () => {
    const before = (await rig.engine.client.categories.fieldsList({ workspace_id: ws, category_id: categoryId })).fields;
    const number = before.find((f) => f.name === 'Number')!;
    await rig.core.sync.setMode('paused');
    rig.core.changes.updateCategoryFields({ workspace_id: ws, category_id: categoryId, fields: [{ field_id: number.id, name: 'Invoice number', alias: ['No.'] }] });
    expect(rig.core.catalog.category(ws, categoryId)?.fields?.fields.map((f) => [f.name, f.alias])).toEqual([['Invoice number', ['No.']], ['Total', ['Sum']]]);
    expect(rig.core.outbox.counts().pending).toBe(1);

    let lost = false;
    rig.proxy.setPlan((request) => (request.route === '/category/fields/batch_update' && !lost ? ((lost = true), { kind: 'lose-response' }) : { kind: 'pass' }));
    await rig.core.sync.setMode('online');
    await syncUntilDrained(rig.core);

    expect(rig.proxy.applied('/category/fields/batch_update').length).toBeGreaterThanOrEqual(1);
    expect(rig.proxy.applied('/category/update')).toHaveLength(0);
    expect(rig.proxy.applied('/category/create')).toHaveLength(0);
    const after = (await rig.engine.client.categories.fieldsList({ workspace_id: ws, category_id: categoryId })).fields;
    expect(after.map((f) => [f.id, f.name, f.alias])).toEqual([[number.id, 'Invoice number', ['No.']], [before[1]!.id, 'Total', ['Sum']]]);
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(rig.core.catalog.category(ws, categoryId)?.local_pending).toBe(0);
  });

  it('refuses a field the cached category does not have, and queues nothing', () => {
    expect(() => rig.core.changes.updateCategoryFields({ workspace_id: ws, category_id: categoryId, fields: [{ field_id: '1234567890123456789', name: 'x' }] })).toThrow(/not in the cached category/);
    expect(rig.core.outbox.counts().pending).toBe(0);
  });
});
