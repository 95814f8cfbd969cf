import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocketClient } from '../../src/main/core/api/index.js';
import { DocketCore } from '../../src/main/core/docket-core.js';
import type { SyncEngineOptions } from '../../src/main/core/sync/sync-engine.js';
import { DEFAULT_SYNC_OPTIONS } from '../../src/main/core/sync/sync-engine.js';
import { DEFAULT_PULL_OPTIONS } from '../../src/main/core/sync/puller.js';
import { DEFAULT_PUSHER_OPTIONS } from '../../src/main/core/sync/pusher.js';
import type { UploadQueueOptions } from '../../src/main/core/uploads/upload-queue.js';
import type { FileRecord } from '../../src/shared/api/index.js';
import { TEST_CREDENTIALS, defaultWorkspace, startEngineProcess, waitForTask, type EngineProcess } from '../contract/engine-process.js';
import { until } from '../support/poll.js';
import { FaultProxy } from './fault-proxy.js';

/** The client the core gets: no blind resends (the outbox retries after asking the server). */
export function coreClient(origin: string, timeoutMs = 5_000): DocketClient {
  return new DocketClient({ baseUrl: origin, credentials: { ...TEST_CREDENTIALS, mode: 'headers' }, retry: { maxAttempts: 1 }, timeoutMs });
}

/** Short waits, so that retries and polls happen within a test. */
export const FAST_SYNC: SyncEngineOptions = {
  ...DEFAULT_SYNC_OPTIONS,
  pullIntervalMs: 200,
  fastIntervalMs: 100,
  offlineIntervalMs: 100,
  catalogIntervalMs: 60_000,
  healthTimeoutMs: 2_000,
  kickDelayMs: 5,
  pull: { ...DEFAULT_PULL_OPTIONS, overlapMs: 2_000 },
  push: { ...DEFAULT_PUSHER_OPTIONS, concurrency: 4, backoffBaseMs: 10, backoffCapMs: 100 },
};

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** A core on a fresh cache, talking to `origin`. Not started: tests drive it with syncNow unless they start it. */
export async function newCore(origin: string, options: { cacheFile?: string; sync?: Partial<SyncEngineOptions>; uploads?: Partial<UploadQueueOptions> } = {}): Promise<DocketCore> {
  const cacheFile = options.cacheFile ?? join(await tempDir('docket-core-'), 'cache.sqlite');
  return new DocketCore({ cacheFile, client: coreClient(origin), sync: { ...FAST_SYNC, ...options.sync }, uploads: { backoffBaseMs: 10, backoffCapMs: 100, ...options.uploads } });
}

/** Text files uploaded straight to the engine (not through the proxy), processed. */
export async function seedFiles(engine: EngineProcess, workspaceId: string, count: number, batch = 'SEED'): Promise<FileRecord[]> {
  const dir = await tempDir('docket-seed-');
  const uploaded = [];
  for (let i = 0; i < count; i++) {
    const path = join(dir, `note-${i}.txt`);
    await writeFile(path, `Seed note ${i}\nReference: R-${1000 + i}\n`);
    uploaded.push((await engine.client.files.upload(path, { workspace_id: workspaceId, batch_number: batch })).files[0]!);
  }
  return Promise.all(uploaded.map((f) => waitForTask(engine.client, workspaceId, f.task_id)));
}

/** Syncs until the outbox has nothing left to send (conflicts and dead letters stay), or throws after the deadline. */
export async function syncUntilDrained(core: DocketCore, timeoutMs = 20_000): Promise<void> {
  await until(
    async () => {
      await core.sync.syncNow();
      return core.outbox.counts().pending === 0;
    },
    {
      timeoutMs,
      stepMs: 20,
      what: () => `the outbox to drain (${core.outbox.counts().pending} changes left: ${JSON.stringify(core.outbox.list().map((o) => [o.kind, o.state, o.lastError]))})`,
    },
  );
}

/** The file's fields as the server holds them, by key. */
export async function serverFields(engine: EngineProcess, workspaceId: string, fileId: string): Promise<Record<string, string> | undefined> {
  const { files } = await engine.client.files.fetch({ workspace_id: workspaceId, file_id: fileId });
  const file = files[0];
  return file ? Object.fromEntries((file.data?.fields ?? []).map((f) => [f.key, f.value])) : undefined;
}

/** The engine, a fault proxy in front of it and a core talking through the proxy, over seeded files. */
export interface SyncRig {
  engine: EngineProcess;
  proxy: FaultProxy;
  core: DocketCore;
  ws: string;
  fileIds: string[];
  close(): Promise<void>;
}

/**
 * A test file's rig: started before its tests, closed after them. Call it at the top of the file; the
 * object is filled in by the time the file's tests run.
 */
export function useSyncRig(fileCount: number, options: { initialSync: boolean }): SyncRig {
  const rig = {} as SyncRig;
  beforeAll(async () => {
    Object.assign(rig, await startSyncRig(fileCount, options));
  }, 60_000);
  afterAll(() => rig.close?.());
  return rig;
}

async function startSyncRig(fileCount: number, options: { initialSync: boolean }): Promise<SyncRig> {
  const engine = await startEngineProcess();
  const ws = await defaultWorkspace(engine);
  const fileIds = (await seedFiles(engine, ws, fileCount)).map((f) => f.id);
  const proxy = await FaultProxy.start(engine.origin);
  const core = await newCore(proxy.origin);
  if (options.initialSync) await core.sync.syncNow();
  return {
    engine,
    proxy,
    core,
    ws,
    fileIds,
    async close() {
      await core.close();
      await proxy.close();
      await engine.stop();
    },
  };
}
