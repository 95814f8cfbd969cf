import { describe, expect, it } from 'vitest';
import { conflictMembers } from '../../src/main/core/sync/conflict-resolution.js';
import { useSyncRig, serverFields, syncUntilDrained } from './sync-harness.js';

const rig = useSyncRig(6, { initialSync: true });

function correct(fileId: string, fields: Record<string, string>) {
  return rig.core.changes.correctFile({ workspace_id: rig.ws, file_id: fileId, data: { fields: Object.entries(fields).map(([key, value]) => ({ key, value })) } });
}

/** A second desk editing the same file straight on the server. */
async function editOnServer(fileId: string, fields: Record<string, string>) {
  await rig.engine.client.files.update([{ workspace_id: rig.ws, file_id: fileId, data: { fields: Object.entries(fields).map(([key, value]) => ({ key, value })) } }]);
}

const cachedFields = (fileId: string) => Object.fromEntries((rig.core.getFile(rig.ws, fileId)?.data?.fields ?? []).map((f) => [f.key, f.value]));

describe('a change the server cannot take', () => {
  it('goes to the dead letters and does not hold up the other files', async () => {
    const [poisoned, other1, other2] = rig.fileIds as [string, string, string];
    await rig.proxy.setDown(true);
    correct(poisoned, { Total: '1' });
    correct(other1, { Total: '2' });
    correct(poisoned, { Total: '3' });
    correct(other2, { Total: '4' });
    await rig.engine.client.files.delete({ workspace_id: rig.ws, file_id: [poisoned] });
    await rig.proxy.setDown(false);

    await syncUntilDrained(rig.core);
    expect(await serverFields(rig.engine, rig.ws, other1)).toEqual({ Total: '2' });
    expect(await serverFields(rig.engine, rig.ws, other2)).toEqual({ Total: '4' });
    const letters = rig.core.outbox.deadLetters();
    expect(letters.map((l) => [l.kind, l.change.kind === 'file.correct' && l.change.file_id])).toEqual([
      ['file.correct', poisoned],
      ['file.correct', poisoned],
    ]);
    expect(letters[0]!.reason).toMatch(/deleted on the server/);
    // The clerk's values are kept with the dead letter, and the file shows as deleted once pulled.
    expect(letters[0]!.local).toMatchObject({ fields: [{ key: 'Total', value: '3' }] });
    expect(rig.core.listFiles({ workspace_id: rig.ws }).files.map((f) => f.file_id)).not.toContain(poisoned);

    rig.core.deadLetters.retry(letters[0]!.id);
    await syncUntilDrained(rig.core);
    expect(rig.core.outbox.deadLetters()).toHaveLength(2);
    for (const letter of rig.core.outbox.deadLetters()) rig.core.deadLetters.discard(letter.id);
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(rig.core.journal.list({ subject: `file:${rig.ws}:${poisoned}` }).map((e) => e.kind)).toEqual([
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
    const [, , , contested, bystander] = rig.fileIds as [string, string, string, string, string];
    await rig.proxy.setDown(true);
    correct(contested, { Total: '10.00', Vendor: 'ACME' });
    correct(bystander, { Total: '20.00' });
    await editOnServer(contested, { Total: '99.00', Vendor: 'ACME' });
    await rig.proxy.setDown(false);

    await syncUntilDrained(rig.core);
    expect(await serverFields(rig.engine, rig.ws, bystander)).toEqual({ Total: '20.00' });
    expect(await serverFields(rig.engine, rig.ws, contested)).toEqual({ Total: '99.00', Vendor: 'ACME' });
    const [conflict] = rig.core.outbox.conflicts();
    expect(conflict).toMatchObject({ fileId: contested, aspect: 'data' });
    expect(conflictMembers(conflict!)).toEqual([
      { key: 'Total', base: null, server: '99.00', local: '10.00' },
      { key: 'Vendor', base: null, server: 'ACME', local: 'ACME' },
    ]);
    expect(rig.core.getFile(rig.ws, contested)?.local.conflict).toBe(true);

    // A later correction of the same file waits behind the conflict.
    correct(contested, { Total: '11.00', Vendor: 'ACME' });
    await rig.core.sync.syncNow();
    expect(rig.core.outbox.counts()).toEqual({ pending: 1, conflicts: 1, deadLetters: 0 });
    expect(await serverFields(rig.engine, rig.ws, contested)).toEqual({ Total: '99.00', Vendor: 'ACME' });

    rig.core.conflicts.resolve({ op_id: conflict!.opId, keep: 'local' });
    await syncUntilDrained(rig.core);
    expect(await serverFields(rig.engine, rig.ws, contested)).toEqual({ Total: '11.00', Vendor: 'ACME' });
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
  });

  it('can be resolved by taking the server values, or a merge of both', async () => {
    const contested = rig.fileIds[5]!;
    correct(contested, { Total: '1.00', Vendor: 'Local Ltd' });
    await syncUntilDrained(rig.core);

    await rig.proxy.setDown(true);
    correct(contested, { Total: '2.00', Vendor: 'Local Ltd' });
    await editOnServer(contested, { Total: '1.00', Vendor: 'Server Ltd' });
    await rig.proxy.setDown(false);
    await syncUntilDrained(rig.core);
    const [first] = rig.core.outbox.conflicts();
    expect(conflictMembers(first!)).toEqual([
      { key: 'Total', base: '1.00', server: '1.00', local: '2.00' },
      { key: 'Vendor', base: 'Local Ltd', server: 'Server Ltd', local: 'Local Ltd' },
    ]);
    rig.core.conflicts.resolve({ op_id: first!.opId, keep: 'merge', data: { fields: [{ key: 'Total', value: '2.00' }, { key: 'Vendor', value: 'Server Ltd' }] } });
    await syncUntilDrained(rig.core);
    expect(await serverFields(rig.engine, rig.ws, contested)).toEqual({ Total: '2.00', Vendor: 'Server Ltd' });

    await rig.proxy.setDown(true);
    correct(contested, { Total: '3.00', Vendor: 'Server Ltd' });
    await editOnServer(contested, { Total: '4.00', Vendor: 'Server Ltd' });
    await rig.proxy.setDown(false);
    await syncUntilDrained(rig.core);
    const [second] = rig.core.outbox.conflicts();
    rig.core.conflicts.resolve({ op_id: second!.opId, keep: 'server' });
    expect(cachedFields(contested)).toEqual({ Total: '4.00', Vendor: 'Server Ltd' });
    await syncUntilDrained(rig.core);
    expect(await serverFields(rig.engine, rig.ws, contested)).toEqual({ Total: '4.00', Vendor: 'Server Ltd' });
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(rig.core.journal.list({ subject: `file:${rig.ws}:${contested}` }).filter((e) => e.kind === 'sync.conflict-resolved').map((e) => (e.detail as { keep: string }).keep)).toEqual(['merge', 'server']);
    expect(rig.core.journal.verify().ok).toBe(true);
  });
});
