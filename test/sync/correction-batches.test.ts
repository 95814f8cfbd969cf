import { describe, expect, it } from 'vitest';
import type { ProxiedRequest } from './fault-proxy.js';
import { useSyncRig, serverFields, syncUntilDrained } from './sync-harness.js';

const rig = useSyncRig(12, { initialSync: true });

function correct(fileId: string, total: string) {
  rig.core.changes.correctFile({ workspace_id: rig.ws, file_id: fileId, data: { fields: [{ key: 'Total', value: total }] } });
}

const updateEntries = (request: ProxiedRequest) => (request.route === '/file/update' ? (JSON.parse(request.body.toString('utf8')) as { file_id: string }[]) : []);

function appliedJournal(fileId: string): string[] {
  return rig.core.journal.list({ subject: `file:${rig.ws}:${fileId}` }).filter((e) => e.kind.startsWith('sync.')).map((e) => e.kind);
}

describe('corrections of many files', () => {
  it('are checked against one listing and sent in a few /file/update requests, each applied once', async () => {
    await rig.proxy.setDown(true);
    rig.fileIds.forEach((id, i) => correct(id, `batch ${i}`));
    await rig.proxy.setDown(false);
    rig.proxy.log.length = 0;

    await syncUntilDrained(rig.core);
    const updates = rig.proxy.applied('/file/update');
    expect(updates.length).toBeLessThanOrEqual(4);
    expect(updates.flatMap(updateEntries).map((e) => e.file_id).sort()).toEqual([...rig.fileIds].sort());
    // The files were read in one listing, not one by one.
    expect(rig.proxy.log.filter((e) => e.route === '/file/fetch' && e.query.has('file_id'))).toEqual([]);
    for (const [i, id] of rig.fileIds.entries()) {
      expect(await serverFields(rig.engine, rig.ws, id)).toEqual({ Total: `batch ${i}` });
      expect(appliedJournal(id)).toEqual(['sync.applied']);
    }
  });

  it('refused as a whole are sent one by one, so that a file the server refuses holds back only itself', async () => {
    const [refused, ...others] = rig.fileIds.slice(0, 5) as [string, ...string[]];
    await rig.proxy.setDown(true);
    for (const id of [refused, ...others]) correct(id, 'split');
    await rig.proxy.setDown(false);
    rig.proxy.setPlan((request) => {
      const entries = updateEntries(request);
      return entries.length > 1 || entries[0]?.file_id === refused ? { kind: 'status', status: 400 } : { kind: 'pass' };
    });

    await syncUntilDrained(rig.core);
    rig.proxy.setPlan(() => ({ kind: 'pass' }));
    expect(rig.proxy.log.some((e) => e.fault === 'status' && updateEntries(e).length > 1)).toBe(true);
    for (const id of others) {
      expect(await serverFields(rig.engine, rig.ws, id)).toEqual({ Total: 'split' });
      expect(appliedJournal(id)).toEqual(['sync.applied', 'sync.applied']);
    }
    expect(rig.core.outbox.deadLetters().map((l) => l.change.kind === 'file.correct' && l.change.file_id)).toEqual([refused]);
    expect(await serverFields(rig.engine, rig.ws, refused)).not.toEqual({ Total: 'split' });
  });
});
