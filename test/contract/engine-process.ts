import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DocketClient } from '../../src/main/core/api/index.js';
import { IN_PROGRESS_STATUSES } from '../../src/shared/api/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const TEST_CREDENTIALS = { appId: 'contract-app', secret: 'contract-secret-0123456789' } as const;

export interface EngineProcess {
  origin: string;
  dataDir: string;
  client: DocketClient;
  child: ChildProcess;
  /** SIGTERM and wait for a clean exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the engine dies mid-work, as in a crash. */
  kill(): Promise<void>;
}

/**
 * The real engine, started through its CLI as a separate process on a loopback port. It starts empty
 * (--no-starter) unless `starter` asks for the starter categories; `today` (YYYY-MM-DD) starts its clock on that day.
 */
export async function startEngineProcess(options: { dataDir?: string; port?: number; starter?: boolean; today?: string } = {}): Promise<EngineProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'docket-engine-')));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/engine/cli.ts'), '--port', String(options.port ?? 0), '--data-dir', dataDir, '--app-id', TEST_CREDENTIALS.appId, '--secret-code', TEST_CREDENTIALS.secret, ...(options.starter ? [] : ['--no-starter']), ...(options.today ? ['--today', options.today] : [])],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = await new Promise<string>((resolveOrigin, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^engine listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match) resolveOrigin(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`engine exited with ${code} before listening:\n${stderr}`)));
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const client = new DocketClient({ baseUrl: origin, credentials: { ...TEST_CREDENTIALS, mode: 'headers' } });
  return {
    origin,
    dataDir,
    client,
    child,
    stop: () => (child.kill('SIGTERM'), exited),
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls /file/fetch until the task leaves the in-progress states. */
export async function waitForTask(client: DocketClient, workspaceId: string, taskId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { files } = await client.files.fetch({ workspace_id: workspaceId, task_id: taskId, with_document: true });
    const file = files[0];
    if (file && !(IN_PROGRESS_STATUSES as readonly number[]).includes(file.recognition_status)) return file;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still in status ${file?.recognition_status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
