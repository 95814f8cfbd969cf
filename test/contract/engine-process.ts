import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DocketClient } from '../../src/main/core/api/index.js';
import { IN_PROGRESS_STATUSES, ReviewStatus, type FileRecord, type ReviewTaskResult } from '../../src/shared/api/index.js';
import { until } from '../support/poll.js';
import { publishedSchemaDispatcher } from './published-schema-dispatcher.js';

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
 * `built` runs the bundle the app ships (out/main/engine.js, made by `npm run build`) instead of the source.
 */
export async function startEngineProcess(
  options: { dataDir?: string; port?: number; starter?: boolean; today?: string; built?: boolean; /** More CLI options, e.g. --page-image-ttl. */ args?: readonly string[]; /** Another checkout to run the engine from (a benchmark's before/after). */ root?: string } = {},
): Promise<EngineProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'docket-engine-')));
  const root = options.root ?? ROOT;
  const entry = options.built ? [join(root, 'out/main/engine.js')] : ['--import', 'tsx', join(root, 'src/engine/cli.ts')];
  const child = spawn(
    process.execPath,
    [...entry, '--port', String(options.port ?? 0), '--data-dir', dataDir, '--app-id', TEST_CREDENTIALS.appId, '--secret-code', TEST_CREDENTIALS.secret, ...(options.starter ? [] : ['--no-starter']), ...(options.today ? ['--today', options.today] : []), ...(options.args ?? [])],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
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
  // Every answer of this checkout's engine is checked against the published schema; another checkout's (a benchmark's before) is measured, not judged.
  const dispatcher = options.root ? undefined : publishedSchemaDispatcher();
  const client = new DocketClient({ baseUrl: origin, credentials: { ...TEST_CREDENTIALS, mode: 'headers' }, dispatcher });
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

/** The workspace a fresh engine starts with. */
export async function defaultWorkspace(engine: EngineProcess): Promise<string> {
  return (await engine.client.workspaces.list({})).workspaces[0]!.workspace_id;
}

/** Polls /file/fetch until the task leaves the in-progress states. */
export async function waitForTask(client: DocketClient, workspaceId: string, taskId: string, timeoutMs = 30_000) {
  let file: FileRecord | undefined;
  return until(
    async () => {
      file = (await client.files.fetch({ workspace_id: workspaceId, task_id: taskId, with_document: true })).files[0];
      return file && !(IN_PROGRESS_STATUSES as readonly number[]).includes(file.recognition_status) && file;
    },
    { timeoutMs, what: () => `task ${taskId} to finish (still in status ${file?.recognition_status})` },
  );
}

/** Polls /review/task/result until the review task is approved or failed. */
export async function waitForReview(client: DocketClient, workspaceId: string, taskId: string, timeoutMs = 20_000): Promise<ReviewTaskResult> {
  let result: ReviewTaskResult | undefined;
  return until(
    async () => {
      result = await client.review.tasks.result({ workspace_id: workspaceId, task_id: taskId });
      return (result.status === ReviewStatus.approved || result.status === ReviewStatus.failed) && result;
    },
    { timeoutMs, what: () => `review task ${taskId} to finish (still in status ${result?.status})` },
  );
}
