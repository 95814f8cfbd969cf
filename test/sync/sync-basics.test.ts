import { describe, expect, it } from 'vitest';
import { useSyncRig, serverFields, syncUntilDrained } from './sync-harness.js';

const rig = useSyncRig(3, { initialSync: false });

describe('sync against the engine', () => {
  it('pulls the files with their documents, then pushes a correction as the complete field set', async () => {
    await rig.core.sync.syncNow();
    expect(rig.core.sync.state().mode).toBe('online');
    const page = rig.core.listFiles({ workspace_id: rig.ws });
    expect(page.files.map((f) => f.file_id).sort()).toEqual([...rig.fileIds].sort());
    expect(rig.core.getFile(rig.ws, rig.fileIds[0]!, { withDocument: true })?.document?.pages[0]?.lines.length).toBeGreaterThan(0);
    expect(rig.core.listFiles({ workspace_id: rig.ws, text: 'R-1001' }).files.map((f) => f.file_id)).toEqual([rig.fileIds[1]]);

    rig.core.changes.correctFile({ workspace_id: rig.ws, file_id: rig.fileIds[0]!, data: { fields: [{ key: 'Reference', value: 'R-1000 corrected' }, { key: 'Total', value: '12.50' }] } });
    expect(rig.core.getFile(rig.ws, rig.fileIds[0]!)?.local.pending).toBe(1);
    rig.core.changes.correctFile({ workspace_id: rig.ws, file_id: rig.fileIds[0]!, data: { fields: [{ key: 'Reference', value: 'R-1000 corrected' }, { key: 'Total', value: '13.50' }] } });
    await syncUntilDrained(rig.core);
    expect(await serverFields(rig.engine, rig.ws, rig.fileIds[0]!)).toEqual({ Reference: 'R-1000 corrected', Total: '13.50' });
    // Two corrections queued together went as one complete field set.
    expect(rig.proxy.applied('/file/update')).toHaveLength(1);
    expect(rig.core.getFile(rig.ws, rig.fileIds[0]!)?.local.pending).toBe(0);
    expect(rig.core.journal.verify()).toEqual({ ok: true, entries: 4 });
  });
});
