import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IN_PROGRESS_STATUSES } from '../../src/shared/api/index.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { until } from '../support/poll.js';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from './engine-process.js';

const FILES = 6;
const running: EngineProcess[] = [];

afterAll(async () => {
  await Promise.all(running.filter((e) => e.child.exitCode === null && e.child.signalCode === null).map((e) => e.stop()));
});

async function started(dataDir?: string): Promise<EngineProcess> {
  const engine = await startEngineProcess(dataDir ? { dataDir } : {});
  running.push(engine);
  return engine;
}

async function statuses(engine: EngineProcess, workspaceId: string, batch: string): Promise<number[]> {
  const { files } = await engine.client.files.fetch({ workspace_id: workspaceId, batch_number: batch });
  return files.map((f) => f.recognition_status);
}

describe('engine restart', () => {
  it('finishes every file after a SIGKILL while jobs are pending: nothing is lost', async () => {
    const first = await started();
    const workspaceId = await defaultWorkspace(first);
    const dir = await mkdtemp(join(tmpdir(), 'docket-restart-'));
    const batch = 'restart-batch';
    for (let i = 0; i < FILES; i++) {
      const path = join(dir, `document-${i}.pdf`);
      await writeFile(path, await makeTextPdf(Array.from({ length: 80 }, (_, p) => [`Document ${i}`, `Page ${p}`, 'Total Amount: 1.00'])));
      await first.client.files.upload(path, { workspace_id: workspaceId, batch_number: batch });
    }
    const beforeKill = await statuses(first, workspaceId, batch);
    expect(beforeKill).toHaveLength(FILES);
    expect(beforeKill.some((s) => (IN_PROGRESS_STATUSES as readonly number[]).includes(s))).toBe(true);
    await first.kill();

    const second = await started(first.dataDir);
    let now: number[] = [];
    await until(async () => (now = await statuses(second, workspaceId, batch)).every((s) => s === 1), {
      timeoutMs: 60_000,
      stepMs: 200,
      what: () => `every file to be processed (statuses ${now.join(', ')})`,
    });
    expect(now).toEqual(Array(FILES).fill(1));
  }, 90_000);

  it('exits with code 0 on SIGTERM', async () => {
    const engine = await started();
    // One answered request first: the CLI prints its listening line just before it installs its signal handlers.
    await engine.client.workspaces.list({});
    expect(await engine.stop()).toBe(0);
  });
});
