import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocketCore } from '../../src/main/core/docket-core.js';
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
  rig = await startSyncRig(3, { initialSync: false });
  ({ engine, proxy, core, ws, fileIds } = rig);
}, 60_000);

afterAll(() => rig?.close());

describe('sync against the engine', () => {
  it('pulls the files with their documents, then pushes a correction as the complete field set', async () => {
    await core.sync.syncNow();
    expect(core.sync.state().mode).toBe('online');
    const page = core.listFiles({ workspace_id: ws });
    expect(page.files.map((f) => f.file_id).sort()).toEqual([...fileIds].sort());
    expect(core.getFile(ws, fileIds[0]!, { withDocument: true })?.document?.pages[0]?.lines.length).toBeGreaterThan(0);
    expect(core.listFiles({ workspace_id: ws, text: 'R-1001' }).files.map((f) => f.file_id)).toEqual([fileIds[1]]);

    core.changes.correctFile({ workspace_id: ws, file_id: fileIds[0]!, data: { fields: [{ key: 'Reference', value: 'R-1000 corrected' }, { key: 'Total', value: '12.50' }] } });
    expect(core.getFile(ws, fileIds[0]!)?.local.pending).toBe(1);
    core.changes.correctFile({ workspace_id: ws, file_id: fileIds[0]!, data: { fields: [{ key: 'Reference', value: 'R-1000 corrected' }, { key: 'Total', value: '13.50' }] } });
    await syncUntilDrained(core);
    expect(await serverFields(engine, ws, fileIds[0]!)).toEqual({ Reference: 'R-1000 corrected', Total: '13.50' });
    // Two corrections queued together went as one complete field set.
    expect(proxy.applied('/file/update')).toHaveLength(1);
    expect(core.getFile(ws, fileIds[0]!)?.local.pending).toBe(0);
    expect(core.journal.verify()).toEqual({ ok: true, entries: 4 });
  });
});
