import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadProgress, UploadView } from '../../src/shared/ipc/channels/uploads.js';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from '../contract/engine-process.js';
import { until } from '../support/poll.js';
import { FaultProxy } from './fault-proxy.js';
import { newCore, tempDir } from './sync-harness.js';

let engine: EngineProcess;
let proxy: FaultProxy;
let ws: string;
let dir: string;
const POLL = { timeoutMs: 15_000, stepMs: 20 };

beforeAll(async () => {
  engine = await startEngineProcess();
  ws = await defaultWorkspace(engine);
  proxy = await FaultProxy.start(engine.origin);
  dir = await tempDir('docket-uploads-');
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await engine?.stop();
});

async function files(prefix: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const path = join(dir, `${prefix}-${i}.txt`);
      const lines = Array.from({ length: 200 }, (_, n) => `Line ${n} of ${prefix} document ${i}: the quick brown fox jumps over the lazy dog`);
      await writeFile(path, `${lines.join('\n')}\n`);
      return path;
    }),
  );
}

async function serverNames(batch: string): Promise<string[]> {
  return (await engine.client.files.fetch({ workspace_id: ws, batch_number: batch })).files.map((f) => f.name).sort();
}

describe('the upload queue', () => {
  it('sends two at a time with progress, and finds an upload whose answer was lost instead of sending it twice', async () => {
    const core = await newCore(proxy.origin);
    const progress: UploadProgress[] = [];
    const states = new Map<string, UploadView['state']>();
    let mostAtOnce = 0;
    core.events.on('upload-progress', (p) => progress.push(p));
    core.events.on('upload-changed', (view) => {
      states.set(view.upload_id, view.state);
      mostAtOnce = Math.max(mostAtOnce, [...states.values()].filter((s) => s === 'uploading').length);
    });
    let lost = false;
    proxy.setPlan((request) => {
      if (request.route !== '/file/upload') return { kind: 'pass' };
      if (!lost) return (lost = true), { kind: 'lose-response' };
      return { kind: 'delay', ms: 100 };
    });
    core.start();
    const { queued, refused } = await core.uploads.enqueue({ paths: await files('scan', 5), options: { workspace_id: ws } });
    expect(refused).toEqual([]);
    await until(() => core.uploads.list().every((u) => u.state === 'uploaded'), { ...POLL, what: 'the uploads' });

    const batch = queued[0]!.batch_number;
    expect(queued.every((u) => u.batch_number === batch)).toBe(true);
    expect(await serverNames(batch)).toEqual(['scan-0.txt', 'scan-1.txt', 'scan-2.txt', 'scan-3.txt', 'scan-4.txt']);
    expect(proxy.applied('/file/upload')).toHaveLength(5);
    expect(mostAtOnce).toBe(2);
    for (const upload of core.uploads.list()) {
      expect(progress.filter((p) => p.uploadId === upload.upload_id).some((p) => p.sentBytes === p.totalBytes)).toBe(true);
      // The cache shows the new file at once ...
      expect(core.getFile(ws, upload.file_id!)?.name).toBe(upload.file_name);
    }
    // ... and the fast poll of files in progress brings the result, with the document for offline work.
    await until(() => core.uploads.list().every((u) => core.getFile(ws, u.file_id!)?.recognition_status === 1), { ...POLL, what: 'recognition results' });
    for (const upload of core.uploads.list()) expect(core.getFile(ws, upload.file_id!, { withDocument: true })?.document?.pages[0]?.lines[0]?.text).toMatch(/^Line 0 of scan document/);
    expect(core.journal.list().filter((e) => e.kind === 'upload.uploaded' && (e.detail as { reconciled: boolean }).reconciled)).toHaveLength(1);

    // The same content again is refused as a duplicate, unless asked for.
    const again = await core.uploads.enqueue({ paths: [queued[0]!.path], options: { workspace_id: ws } });
    expect(again.refused.map((r) => r.warnings.map((w) => w.code))).toEqual([['duplicate']]);
    await core.close();
  });

  it('survives a restart: an upload cut off mid-way is looked up first, a queued one is sent', async () => {
    const cacheFile = join(await tempDir('docket-upload-cache-'), 'cache.sqlite');
    proxy.setPlan((request) => (request.route === '/file/upload' ? { kind: 'delay', ms: 1_500 } : { kind: 'pass' }));
    const first = await newCore(proxy.origin, { cacheFile });
    await first.uploads.enqueue({ paths: await files('restart', 1), options: { workspace_id: ws, batch_number: 'RESTART' } });
    first.start();
    await until(() => first.uploads.list()[0]?.state === 'uploading', { ...POLL, what: 'the upload to start' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.close();
    // The request had gone out: the server creates the file when the delayed request arrives.
    await until(() => proxy.applied('/file/upload').some((e) => e.query.get('batch_number') === 'RESTART'), { ...POLL, timeoutMs: 5_000, what: 'the delayed upload to land' });

    proxy.setPlan(() => ({ kind: 'pass' }));
    const second = await newCore(proxy.origin, { cacheFile });
    expect(second.uploads.list().map((u) => u.state)).toEqual(['reconciling']);
    await second.uploads.enqueue({ paths: await files('after-restart', 1), options: { workspace_id: ws, batch_number: 'RESTART' } });
    second.start();
    await until(() => second.uploads.list().every((u) => u.state === 'uploaded'), { ...POLL, what: 'the uploads' });
    expect(await serverNames('RESTART')).toEqual(['after-restart-0.txt', 'restart-0.txt']);
    await second.close();
  });
});
