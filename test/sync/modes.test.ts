import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocketCore } from '../../src/main/core/docket-core.js';
import type { SyncMode } from '../../src/shared/ipc/channels/sync.js';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from '../contract/engine-process.js';
import { until } from '../support/poll.js';
import { FaultProxy } from './fault-proxy.js';
import { newCore, seedFiles, serverFields } from './sync-harness.js';

let engine: EngineProcess;
let proxy: FaultProxy;
let core: DocketCore;
let ws: string;
let fileId: string;
const modes: SyncMode[] = [];
const POLL = { timeoutMs: 10_000, stepMs: 20 };

beforeAll(async () => {
  engine = await startEngineProcess();
  ws = await defaultWorkspace(engine);
  fileId = (await seedFiles(engine, ws, 1))[0]!.id;
  proxy = await FaultProxy.start(engine.origin);
  core = await newCore(proxy.origin);
  core.events.on('sync-state', (state) => {
    if (modes.at(-1) !== state.mode) modes.push(state.mode);
  });
  core.start();
}, 60_000);

afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await engine?.stop();
});

function correct(total: string) {
  core.changes.correctFile({ workspace_id: ws, file_id: fileId, data: { fields: [{ key: 'Total', value: total }] } });
}

describe('sync modes', () => {
  it('turns offline when the health check fails, and back online by itself when it passes', async () => {
    await until(() => core.getFile(ws, fileId) !== undefined, { ...POLL, what: 'the first pull' });
    expect(core.sync.state().mode).toBe('online');

    await proxy.setDown(true);
    correct('1.00');
    await until(() => core.sync.state().mode === 'offline', { ...POLL, what: 'offline' });
    expect(core.sync.state().lastError?.code).toBe('CONNECTION_FAILED');
    correct('2.00');
    expect(core.outbox.counts().pending).toBe(2);

    await proxy.setDown(false);
    await until(() => core.sync.state().mode === 'online' && core.outbox.counts().pending === 0, { ...POLL, what: 'the outbox to drain' });
    expect(await serverFields(engine, ws, fileId)).toEqual({ Total: '2.00' });
    // Offline at start until the first health check, online, offline while the server was away, online again.
    expect(modes.slice(0, 3)).toEqual(['offline', 'online', 'offline']);
    expect(modes.at(-1)).toBe('online');
  });

  it('sends nothing while paused, and drains on resume', async () => {
    await core.sync.setMode('paused');
    // A request cut off by the pause may still reach the proxy a moment later: count from after that.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sentBefore = proxy.log.length;
    correct('3.00');
    await core.sync.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.log.slice(sentBefore).map((e) => e.route)).toEqual([]);
    expect(core.sync.state()).toMatchObject({ mode: 'paused', outbox: { pending: 1 } });

    await core.sync.setMode('online');
    await until(() => core.outbox.counts().pending === 0, { ...POLL, what: 'the outbox to drain' });
    expect(await serverFields(engine, ws, fileId)).toEqual({ Total: '3.00' });
  });
});
