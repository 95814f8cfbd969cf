import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DocketClient } from '../../src/main/core/api/index.js';
import { until } from '../../test/support/poll.js';
import { processTree } from '../engine-memory/process-memory.js';

/** The engine as a clerk starts it from a shell: `npm run engine` in the checkout (which builds the engine's bundle first), stopped by Ctrl-C. */
export interface NpmEngine {
  /** The engine's own process (its CLI), under npm and npm's shell. */
  enginePid: number;
  origin: string;
  client: DocketClient;
  /** What it printed on stdout (the allocator line among them). */
  lines: readonly string[];
  stop(): Promise<void>;
}

const CREDENTIALS = { appId: 'soak-bench-app', secret: 'soak-bench-secret-4f1c9a7e2b' } as const;
const READY = /^engine listening on (http:\/\/127\.0\.0\.1:\d+)$/;
const START_MS = 120_000;

/** `npm run engine` in `root` (its own package.json's command) on a fresh data folder, in a process group of its own as a terminal's job. */
export async function startNpmEngine(root: string, env: NodeJS.ProcessEnv): Promise<NpmEngine> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docket-npm-engine-'));
  const npm = spawn('npm', ['run', '--silent', 'engine', '--', '--port', '0', '--data-dir', dataDir, '--app-id', CREDENTIALS.appId, '--secret-code', CREDENTIALS.secret], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((done) => npm.once('exit', () => done()));
  let stderr = '';
  npm.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines: string[] = [];
  const origin = await new Promise<string>((resolve, reject) => {
    createInterface({ input: npm.stdout! }).on('line', (line) => {
      lines.push(line);
      const match = READY.exec(line);
      if (match) resolve(match[1]!);
    });
    npm.once('exit', (code) => reject(new Error(`npm run engine exited with ${code} before listening:\n${stderr}`)));
  });
  const enginePid = await until(() => engineUnder(npm.pid!), { timeoutMs: START_MS, what: 'the engine under npm' });
  return {
    enginePid,
    origin,
    client: new DocketClient({ baseUrl: origin, credentials: { ...CREDENTIALS, mode: 'headers' } }),
    lines,
    async stop() {
      // Ctrl-C: SIGINT to the whole group.
      process.kill(-npm.pid!, 'SIGINT');
      await exited;
    },
  };
}

/**
 * The Node process running the engine (npm's shell names it in its command too, as one argument among
 * others): the bundle `npm run engine` builds, or the CLI from source in a checkout from before it did.
 */
async function engineUnder(pid: number): Promise<number | undefined> {
  for (const child of (await processTree(pid)).slice(1)) {
    const args = (await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (args.some((arg) => arg.endsWith('out/main/engine.js') || arg.endsWith('src/engine/cli.ts'))) return child;
  }
  return undefined;
}
