import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { callOverWeb } from '../../test/unit/main/web/web-call.js';
import { until } from '../../test/support/poll.js';
import { processTree } from '../engine-memory/process-memory.js';

/** The desk as `npm run serve` runs it (the web host's Node process, which starts the built engine), driven over its HTTP transport. */
export interface DeskProcess {
  /** The web host's Node process: the core, its cache and page-image cache. */
  corePid: number;
  /** The engine it started (out/main/engine.js): its page workers are threads of this process. */
  enginePid: number;
  call<T = Record<string, unknown>>(channel: string, args?: unknown): Promise<T>;
  /** The first of what the desk wrote on stderr (its log: the engine's lines among them). */
  output(): string;
  /** Puts a file where a drop puts it; its path for the upload queue. */
  stage(path: string): Promise<string>;
  stop(): Promise<void>;
}

const READY = /^docket listening on (http:\/\/127\.0\.0\.1:\d+)\/\?token=([\w-]+)$/;
const START_MS = 120_000;
const HEAD_CHARS = 64 * 1024;

/** Starts serve.ts of the checkout at `root` (built first: it runs out/main/engine.js) on a fresh data folder. */
export async function startDesk(root: string, env: NodeJS.ProcessEnv, options: { normalPriority: boolean }): Promise<DeskProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docket-soak-desk-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main/web/serve.ts'), '--port', '0', '--data-dir', dataDir], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let head = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    if (head.length < HEAD_CHARS) head = (head + chunk.toString()).slice(0, HEAD_CHARS);
  });
  const host = await new Promise<{ origin: string; token: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = READY.exec(line);
      if (match) resolve({ origin: match[1]!, token: match[2]! });
    });
    child.once('exit', (code) => reject(new Error(`the desk exited with ${code} before listening:\n${stderr}`)));
  });
  const enginePid = await until(() => engineChild(child.pid!), { timeoutMs: START_MS, what: () => 'the desk to start its engine' });
  if (options.normalPriority) await normalPriority(enginePid);
  return {
    corePid: child.pid!,
    enginePid,
    call: (channel, args = {}) => retried(() => callOverWeb(host, channel, args)),
    output: () => head,
    async stage(path) {
      const response = await fetch(`${host.origin}/stage?name=${encodeURIComponent(basename(path))}`, { method: 'POST', headers: { authorization: `Bearer ${host.token}`, origin: host.origin }, body: await readFile(path) });
      return ((await response.json()) as { value: { path: string } }).value.path;
    },
    stop: () => stopped(child),
  };
}

/** A call whose connection was reset (a kept-alive socket the host had just closed) is made again, up to twice. */
async function retried<T>(call: () => Promise<T>, left = 2): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (left === 0 || !(error instanceof TypeError && error.message === 'fetch failed')) throw error;
    await sleep(500);
    return retried(call, left - 1);
  }
}

/** The engine among the desk's child processes, once started. */
async function engineChild(pid: number): Promise<number | undefined> {
  for (const child of (await processTree(pid)).slice(1)) {
    const command = await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('engine.js')) return child;
  }
  return undefined;
}

/**
 * The engine lowers its own priority (--background); on a machine that others keep busy it then gets
 * a tenth of a core. Its threads are put back to normal priority (threads it starts later inherit it
 * from its main thread): the same work and memory, done in minutes.
 */
async function normalPriority(pid: number): Promise<void> {
  for (const tid of await readdir(`/proc/${pid}/task`)) setPriority(Number(tid), 0);
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
