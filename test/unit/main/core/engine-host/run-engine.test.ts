import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { sourceEngineLaunch } from '../../../../../src/main/core/engine-host/index.js';
import { until } from '../../../../support/poll.js';
import { isAlive } from '../../../../support/process-alive.js';

const ROOT = resolve(import.meta.dirname, '../../../../..');

/** The engine the launcher started: its child whose command line runs the engine's CLI. */
async function engineChild(pid: number): Promise<number | undefined> {
  for (const child of (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).split(' ').filter(Boolean).map(Number)) {
    if ((await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '')).includes('src/engine/cli.ts')) return child;
  }
  return undefined;
}

describe('npm run engine (run-engine.ts)', () => {
  it("starts the engine with the desk's launch environment, the allocator setting included, and stops it with itself", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docket-run-engine-'));
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'src/main/core/engine-host/run-engine.ts', '--port', '0', '--data-dir', dataDir, '--no-starter'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((done) => launcher.once('exit', (code) => done(code)));
    await new Promise<void>((listening) => createInterface({ input: launcher.stdout! }).on('line', (line) => line.startsWith('engine listening on ') && listening()));

    const engine = (await engineChild(launcher.pid!))!;
    const environment = (await readFile(`/proc/${engine}/environ`, 'utf8')).split('\0');
    const launchEnv = Object.entries(sourceEngineLaunch(ROOT).env ?? {}).map(([name, value]) => `${name}=${value}`);
    expect(launchEnv.some((entry) => entry.startsWith('MALLOC_MMAP_THRESHOLD_='))).toBe(true);
    expect(environment).toEqual(expect.arrayContaining(launchEnv));

    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until(() => !isAlive(engine), { timeoutMs: 10_000, what: 'the engine to stop' });
  }, 120_000);
});
