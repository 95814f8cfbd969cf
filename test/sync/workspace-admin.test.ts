import { beforeAll, describe, expect, it } from 'vitest';
import { syncUntilDrained, useSyncRig } from './sync-harness.js';

const rig = useSyncRig(0, { initialSync: false });
let kept: string;
let gone: string;

const ROUTES = ['/workspace/update', '/workspace/delete'];

beforeAll(async () => {
  kept = rig.ws;
  gone = (await rig.engine.client.workspaces.create({ name: 'Scratch', auth_scope: 0 })).workspace_id;
  await rig.core.sync.syncNow();
}, 60_000);

const cachedNames = () => rig.core.catalog.workspaces().map((w) => w.name);

describe('workspaces renamed and deleted offline', () => {
  it('show at once, survive a pull while queued, reach the server after a lost answer, and leave the outbox empty', async () => {
    expect(cachedNames()).toContain('Scratch');
    await rig.core.sync.setMode('paused');
    rig.core.changes.updateWorkspace({ workspace_id: kept, name: 'Front office', description: 'Invoices in', auth_scope: 0 });
    rig.core.changes.deleteWorkspaces({ workspace_ids: [gone] });
    expect(cachedNames()).toEqual(['Front office']);
    expect(rig.core.outbox.counts().pending).toBe(2);

    // The server refuses both for a while: the catalog pulled meanwhile does not undo the local view.
    const listings = () => rig.proxy.log.filter((entry) => entry.route === '/workspace/list').length;
    const listedBefore = listings();
    rig.proxy.setPlan((request) => (ROUTES.includes(request.route) ? { kind: 'status', status: 503 } : { kind: 'pass' }));
    await rig.core.sync.setMode('online');
    await rig.core.sync.refreshCatalog();
    expect(listings()).toBeGreaterThan(listedBefore);
    expect(cachedNames()).toEqual(['Front office']);
    expect(rig.core.outbox.counts().pending).toBe(2);

    const lost = new Set<string>();
    rig.proxy.setPlan((request) => (ROUTES.includes(request.route) && !lost.has(request.route) ? (lost.add(request.route), { kind: 'lose-response' }) : { kind: 'pass' }));
    await syncUntilDrained(rig.core, 60_000);

    expect([...lost].sort()).toEqual([...ROUTES].sort());
    // The delete resent after its lost answer finds nothing left to delete: applied once.
    expect(rig.proxy.applied('/workspace/delete')).toHaveLength(1);
    const server = await rig.engine.client.workspaces.list({ page: 1, page_size: 50 });
    expect(server.workspaces.map((w) => [w.workspace_id, w.name, w.description])).toEqual([[kept, 'Front office', 'Invoices in']]);
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });

    await rig.core.sync.refreshCatalog();
    expect(cachedNames()).toEqual(['Front office']);
  });

  it('refuses a workspace the cache does not hold, and queues nothing', () => {
    expect(() => rig.core.changes.deleteWorkspaces({ workspace_ids: [gone] })).toThrow(/not in the cache/);
    expect(rig.core.outbox.counts().pending).toBe(0);
  });
});
