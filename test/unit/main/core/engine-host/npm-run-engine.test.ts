import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtEngineLaunch } from '../../../../../src/main/core/engine-host/index.js';
import { until } from '../../../../support/poll.js';
import { isAlive } from '../../../../support/process-alive.js';

const ROOT = resolve(import.meta.dirname, '../../../../..');

/** The processes started under `pid`, children first. */
async function descendants(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const children = (await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')))).flatMap((text) => text.split(' ').filter(Boolean).map(Number));
  return [...children, ...(await Promise.all(children.map(descendants))).flat()];
}

const BUNDLE = 'out/main/engine.js';

/** The Node process running the engine's bundle under `pid` (npm's shell names it too, inside its one command argument). */
async function engineUnder(pid: number): Promise<number | undefined> {
  for (const child of await descendants(pid)) {
    const args = (await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (args.some((arg) => arg.endsWith(BUNDLE))) return child;
  }
  return undefined;
}

describe('npm run engine', () => {
  it("builds the engine's bundle and runs it as the desk runs it (serve.ts), on Node and with no allocator variables", async () => {
    const { scripts } = z.object({ scripts: z.object({ engine: z.string() }) }).parse(JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')));
    // serve.ts's launch: its host's Node, where ELECTRON_RUN_AS_NODE (for Electron's binary) means nothing.
    const launch = builtEngineLaunch('node', join(ROOT, BUNDLE));
    const [build, run, ...rest] = scripts.engine.split(' && ');
    expect(rest).toEqual([]);
    expect(build).toMatch(/^electron-vite build\b/);
    expect(run).toBe([launch.command, ...launch.args.map((arg) => (arg.startsWith(ROOT) ? relative(ROOT, arg) : arg))].join(' '));
    expect(Object.keys(launch.env ?? {}).filter((name) => name.startsWith('MALLOC_'))).toEqual([]);
  });

  it("starts an engine that fixes glibc's mmap threshold itself, and Ctrl-C stops it", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docket-npm-run-engine-'));
    // Its own process group, as a terminal's foreground job: Ctrl-C sends SIGINT to the whole group.
    const npm = spawn('npm', ['run', '--silent', 'engine', '--', '--port', '0', '--data-dir', dataDir, '--no-starter'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => npm.once('exit', (code, signal) => done({ code, signal })));
    const lines: string[] = [];
    const errors: string[] = [];
    createInterface({ input: npm.stdout }).on('line', (line) => lines.push(line));
    createInterface({ input: npm.stderr }).on('line', (line) => errors.push(line));
    let engine: number | undefined;
    try {
      await until(() => lines.some((line) => line.startsWith('engine listening on ')), { timeoutMs: 90_000, what: () => `the engine to listen (stderr: ${errors.join(' | ')})` });
      engine = await until(() => engineUnder(npm.pid!), { timeoutMs: 10_000, what: 'the engine under npm' });
      // The threshold glibc took from the engine (heap-trim.ts, fixMmapThreshold), printed as it starts listening; nothing in its environment.
      await until(() => lines.some((line) => line.startsWith('engine allocator: ')), { timeoutMs: 5_000, what: () => `the engine's allocator line (printed: ${JSON.stringify(lines)})` }).catch(() => undefined);
      expect(lines).toContain('engine allocator: glibc mmap threshold fixed at 1048576 bytes');
      const environment = (await readFile(`/proc/${engine}/environ`, 'utf8')).split('\0');
      expect(environment.filter((entry) => entry.startsWith('MALLOC_'))).toEqual([]);
    } finally {
      process.kill(-npm.pid!, 'SIGINT');
    }
    // npm ends itself by the signal once its script has ended, whatever the script's exit code; the engine stops, once and cleanly.
    expect(await exited).toEqual({ code: null, signal: 'SIGINT' });
    await until(() => !isAlive(engine!), { timeoutMs: 10_000, what: 'the engine to stop' });
    expect(errors).toEqual([]);
  }, 120_000);
});
