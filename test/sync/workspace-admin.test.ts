import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocketCore } from '../../src/main/core/docket-core.js';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from '../contract/engine-process.js';
import { FaultProxy } from './fault-proxy.js';
import { newCore, syncUntilDrained } from './sync-harness.js';

let engine: EngineProcess;
let proxy: FaultProxy;
let core: DocketCore;
let kept: string;
let gone: string;

const ROUTES = ['/workspace/update', '/workspace/delete'];

beforeAll(async () => {
  engine = await startEngineProcess();
  kept = await defaultWorkspace(engine);
  gone = (await engine.client.workspaces.create({ name: 'Scratch', auth_scope: 0 })).workspace_id;
  proxy = await FaultProxy.start(engine.origin);
  core = await newCore(proxy.origin);
  await core.sync.syncNow();
}, 60_000);

afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await engine?.stop();
});

const cachedNames = () => core.catalog.workspaces().map((w) => w.name);

describe('workspaces renamed and deleted offline', () => {
  it('show at once, survive a pull while queued, reach the server after a lost answer, and leave the outbox empty', async () => {
    expect(cachedNames()).toContain('Scratch');
    await core.sync.setMode('paused');
    core.changes.updateWorkspace({ workspace_id: kept, name: 'Front office', description: 'Invoices in', auth_scope: 0 });
    core.changes.deleteWorkspaces({ workspace_ids: [gone] });
    expect(cachedNames()).toEqual(['Front office']);
    expect(core.outbox.counts().pending).toBe(2);

    // The server refuses both for a while: the catalog pulled meanwhile does not undo the local view.
    const listings = () => proxy.log.filter((entry) => entry.route === '/workspace/list').length;
    const listedBefore = listings();
    proxy.setPlan((request) => (ROUTES.includes(request.route) ? { kind: 'status', status: 503 } : { kind: 'pass' }));
    await core.sync.setMode('online');
    await core.sync.refreshCatalog();
    expect(listings()).toBeGreaterThan(listedBefore);
    expect(cachedNames()).toEqual(['Front office']);
    expect(core.outbox.counts().pending).toBe(2);

    const lost = new Set<string>();
    proxy.setPlan((request) => (ROUTES.includes(request.route) && !lost.has(request.route) ? (lost.add(request.route), { kind: 'lose-response' }) : { kind: 'pass' }));
    await syncUntilDrained(core, 60_000);

    expect([...lost].sort()).toEqual([...ROUTES].sort());
    // The delete resent after its lost answer finds nothing left to delete: applied once.
    expect(proxy.applied('/workspace/delete')).toHaveLength(1);
    const server = await engine.client.workspaces.list({ page: 1, page_size: 50 });
    expect(server.workspaces.map((w) => [w.workspace_id, w.name, w.description])).toEqual([[kept, 'Front office', 'Invoices in']]);
    expect(core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });

    await core.sync.refreshCatalog();
    expect(cachedNames()).toEqual(['Front office']);
  });

  it('refuses a workspace the cache does not hold, and queues nothing', () => {
    expect(() => core.changes.deleteWorkspaces({ workspace_ids: [gone] })).toThrow(/not in the cache/);
    expect(core.outbox.counts().pending).toBe(0);
  });
});
