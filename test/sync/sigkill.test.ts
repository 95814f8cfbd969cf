import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from '../contract/engine-process.js';
import { seededRandom } from './fault-proxy.js';
import { newCore, seedFiles, serverFields, tempDir } from './sync-harness.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WORKER = join(ROOT, 'test/sync/drain-worker.ts');
const KEYS = ['Reference', 'Total', 'Vendor', 'Date'] as const;
const TARGET_KILLS = 50;

let engine: EngineProcess;
let ws: string;
let fileIds: string[];
let repoId: string;
let groupId: string;
let cacheFile: string;
let samplePath: string;

beforeAll(async () => {
  engine = await startEngineProcess();
  ws = await defaultWorkspace(engine);
  fileIds = (await seedFiles(engine, ws, 6)).map((f) => f.id);
  repoId = (await engine.client.review.repos.create({ workspace_id: ws, name: 'Checks' })).repo_id;
  groupId = (await engine.client.review.groups.create({ workspace_id: ws, repo_id: repoId, name: 'General' })).group_id;
  const dir = await tempDir('docket-sigkill-');
  cacheFile = join(dir, 'cache.sqlite');
  samplePath = join(dir, 'sample.txt');
  await writeFile(samplePath, 'LETTER\nSender: ACME Ltd\n');
  const core = await newCore(engine.origin, { cacheFile });
  await core.sync.syncNow();
  await core.close();
}, 60_000);

afterAll(async () => {
  await engine?.stop();
});

/** Runs the drain worker; kills it with SIGKILL `killAfterMs` after it is ready, unless it drains first. */
function runWorker(killAfterMs: number | undefined): Promise<'killed' | 'drained'> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, cacheFile, engine.origin], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let drained = false;
    let killed = false;
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'drained') drained = true;
      if (line === 'ready' && killAfterMs !== undefined) {
        setTimeout(() => {
          if (child.exitCode === null) {
            killed = true;
            child.kill('SIGKILL');
          }
        }, killAfterMs);
      }
    });
    child.once('exit', (code) => {
      // A kill that lands after "drained" finds the work done: it counts as a drain.
      if (drained) resolvePromise('drained');
      else if (killed) resolvePromise('killed');
      else reject(new Error(`drain worker exited with ${code}:\n${stderr}`));
    });
  });
}

describe('a drain killed with SIGKILL at random points', () => {
  it('loses no correction, applies no creation twice, and leaves the outbox empty', async () => {
    const random = seededRandom(4242);
    const model = new Map(fileIds.map((id) => [id, new Map<string, string>()]));
    const created: string[] = [];
    let kills = 0;
    let edit = 0;
    for (let round = 0; kills < TARGET_KILLS; round++) {
      // The clerk's desk queues work while no drain runs (one process owns the cache at a time).
      const desk = await newCore(engine.origin, { cacheFile });
      for (let i = 0; i < 12; i++) {
        const fileId = fileIds[Math.floor(random() * fileIds.length)]!;
        const fields = model.get(fileId)!;
        fields.set(KEYS[Math.floor(random() * KEYS.length)]!, `value ${++edit}`);
        desk.changes.correctFile({ workspace_id: ws, file_id: fileId, data: { fields: [...fields].map(([key, value]) => ({ key, value })) } });
      }
      desk.changes.createCategory({ workspace_id: ws, name: `Category ${round}`, fields: [{ name: 'Sender' }], sample_files: [samplePath] });
      desk.changes.createRule({ workspace_id: ws, repo_id: repoId, group_id: groupId, name: `Rule ${round}`, prompt: 'The sender is named' });
      created.push(`${round}`);
      await desk.close();

      // Killed a few times at random moments, then left to finish.
      for (let attempt = 0; ; attempt++) {
        const outcome = await runWorker(attempt < 10 ? Math.floor(random() * 120) : undefined);
        if (outcome === 'drained') break;
        kills++;
      }
    }
    expect(kills).toBeGreaterThanOrEqual(TARGET_KILLS);

    const desk = await newCore(engine.origin, { cacheFile });
    expect(desk.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(desk.journal.verify().ok).toBe(true);
    await desk.close();

    for (const [fileId, fields] of model) {
      if (fields.size > 0) expect(await serverFields(engine, ws, fileId)).toEqual(Object.fromEntries(fields));
    }
    const categories = (await engine.client.categories.list({ workspace_id: ws, enabled: 'all', page_size: 100 })).categories.map((c) => c.name);
    const rules = (await engine.client.review.repos.get({ workspace_id: ws, repo_id: repoId })).groups.flatMap((g) => g.rules.map((r) => r.name));
    expect(categories.sort()).toEqual(created.map((r) => `Category ${r}`).sort());
    expect(rules.sort()).toEqual(created.map((r) => `Rule ${r}`).sort());
    // About 60 desk processes are started one after another: alone this takes about 2 minutes, beside
    // the rest of the suite on two cores nearer three, so the guard leaves room for a loaded machine.
  }, 300_000);
});
