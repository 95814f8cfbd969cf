import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocketCore } from '../../src/main/core/docket-core.js';
import { conflictMembers } from '../../src/main/core/sync/conflict-resolution.js';
import type { EngineProcess } from '../contract/engine-process.js';
import type { FaultProxy } from './fault-proxy.js';
import { startSyncRig, type SyncRig, serverFields, syncUntilDrained } from './sync-harness.js';

let rig: SyncRig;
let engine: EngineProcess;
let proxy: FaultProxy;
let core: DocketCore;
let ws: string;
let fileIds: string[];

beforeAll(async () => {
  rig = await startSyncRig(6, { initialSync: true });
  ({ engine, proxy, core, ws, fileIds } = rig);
}, 60_000);

afterAll(() => rig?.close());

function correct(fileId: string, fields: Record<string, string>) {
  return core.changes.correctFile({ workspace_id: ws, file_id: fileId, data: { fields: Object.entries(fields).map(([key, value]) => ({ key, value })) } });
}

/** A second desk editing the same file straight on the server. */
async function editOnServer(fileId: string, fields: Record<string, string>) {
  await engine.client.files.update([{ workspace_id: ws, file_id: fileId, data: { fields: Object.entries(fields).map(([key, value]) => ({ key, value })) } }]);
}

const cachedFields = (fileId: string) => Object.fromEntries((core.getFile(ws, fileId)?.data?.fields ?? []).map((f) => [f.key, f.value]));

describe('a change the server cannot take', () => {
  it('goes to the dead letters and does not hold up the other files', async () => {
    const [poisoned, other1, other2] = fileIds as [string, string, string];
    await proxy.setDown(true);
    correct(poisoned, { Total: '1' });
    correct(other1, { Total: '2' });
    correct(poisoned, { Total: '3' });
    correct(other2, { Total: '4' });
    await engine.client.files.delete({ workspace_id: ws, file_id: [poisoned] });
    await proxy.setDown(false);

    await syncUntilDrained(core);
    expect(await serverFields(engine, ws, other1)).toEqual({ Total: '2' });
    expect(await serverFields(engine, ws, other2)).toEqual({ Total: '4' });
    const letters = core.outbox.deadLetters();
    expect(letters.map((l) => [l.kind, l.change.kind === 'file.correct' && l.change.file_id])).toEqual([
      ['file.correct', poisoned],
      ['file.correct', poisoned],
    ]);
    expect(letters[0]!.reason).toMatch(/deleted on the server/);
    // The clerk's values are kept with the dead letter, and the file shows as deleted once pulled.
    expect(letters[0]!.local).toMatchObject({ fields: [{ key: 'Total', value: '3' }] });
    expect(core.listFiles({ workspace_id: ws }).files.map((f) => f.file_id)).not.toContain(poisoned);

    core.deadLetters.retry(letters[0]!.id);
    await syncUntilDrained(core);
    expect(core.outbox.deadLetters()).toHaveLength(2);
    for (const letter of core.outbox.deadLetters()) core.deadLetters.discard(letter.id);
    expect(core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(core.journal.list({ subject: `file:${ws}:${poisoned}` }).map((e) => e.kind)).toEqual([
      'file.correct',
      'file.correct',
      'sync.dead-letter',
      'sync.dead-letter',
      'sync.requeued',
      'sync.dead-letter',
      'sync.discarded',
      'sync.discarded',
    ]);
  });
});

describe('a file changed on the server while this desk was offline', () => {
  it('is a conflict kept for the clerk, blocking only that file', async () => {
    const [, , , contested, bystander] = fileIds as [string, string, string, string, string];
    await proxy.setDown(true);
    correct(contested, { Total: '10.00', Vendor: 'ACME' });
    correct(bystander, { Total: '20.00' });
    await editOnServer(contested, { Total: '99.00', Vendor: 'ACME' });
    await proxy.setDown(false);

    await syncUntilDrained(core);
    expect(await serverFields(engine, ws, bystander)).toEqual({ Total: '20.00' });
    expect(await serverFields(engine, ws, contested)).toEqual({ Total: '99.00', Vendor: 'ACME' });
    const [conflict] = core.outbox.conflicts();
    expect(conflict).toMatchObject({ fileId: contested, aspect: 'data' });
    expect(conflictMembers(conflict!)).toEqual([
      { key: 'Total', base: null, server: '99.00', local: '10.00' },
      { key: 'Vendor', base: null, server: 'ACME', local: 'ACME' },
    ]);
    expect(core.getFile(ws, contested)?.local.conflict).toBe(true);

    // A later correction of the same file waits behind the conflict.
    correct(contested, { Total: '11.00', Vendor: 'ACME' });
    await core.sync.syncNow();
    expect(core.outbox.counts()).toEqual({ pending: 1, conflicts: 1, deadLetters: 0 });
    expect(await serverFields(engine, ws, contested)).toEqual({ Total: '99.00', Vendor: 'ACME' });

    core.conflicts.resolve({ op_id: conflict!.opId, keep: 'local' });
    await syncUntilDrained(core);
    expect(await serverFields(engine, ws, contested)).toEqual({ Total: '11.00', Vendor: 'ACME' });
    expect(core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
  });

  it('can be resolved by taking the server values, or a merge of both', async () => {
    const contested = fileIds[5]!;
    correct(contested, { Total: '1.00', Vendor: 'Local Ltd' });
    await syncUntilDrained(core);

    await proxy.setDown(true);
    correct(contested, { Total: '2.00', Vendor: 'Local Ltd' });
    await editOnServer(contested, { Total: '1.00', Vendor: 'Server Ltd' });
    await proxy.setDown(false);
    await syncUntilDrained(core);
    const [first] = core.outbox.conflicts();
    expect(conflictMembers(first!)).toEqual([
      { key: 'Total', base: '1.00', server: '1.00', local: '2.00' },
      { key: 'Vendor', base: 'Local Ltd', server: 'Server Ltd', local: 'Local Ltd' },
    ]);
    core.conflicts.resolve({ op_id: first!.opId, keep: 'merge', data: { fields: [{ key: 'Total', value: '2.00' }, { key: 'Vendor', value: 'Server Ltd' }] } });
    await syncUntilDrained(core);
    expect(await serverFields(engine, ws, contested)).toEqual({ Total: '2.00', Vendor: 'Server Ltd' });

    await proxy.setDown(true);
    correct(contested, { Total: '3.00', Vendor: 'Server Ltd' });
    await editOnServer(contested, { Total: '4.00', Vendor: 'Server Ltd' });
    await proxy.setDown(false);
    await syncUntilDrained(core);
    const [second] = core.outbox.conflicts();
    core.conflicts.resolve({ op_id: second!.opId, keep: 'server' });
    expect(cachedFields(contested)).toEqual({ Total: '4.00', Vendor: 'Server Ltd' });
    await syncUntilDrained(core);
    expect(await serverFields(engine, ws, contested)).toEqual({ Total: '4.00', Vendor: 'Server Ltd' });
    expect(core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(core.journal.list({ subject: `file:${ws}:${contested}` }).filter((e) => e.kind === 'sync.conflict-resolved').map((e) => (e.detail as { keep: string }).keep)).toEqual(['merge', 'server']);
    expect(core.journal.verify().ok).toBe(true);
  });
});
