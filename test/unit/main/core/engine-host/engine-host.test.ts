import { mkdtemp, readFile } from 'node:fs/promises';
import { constants, getPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocketClient } from '../../../../../src/main/core/api/index.js';
import { EngineHost, sourceEngineLaunch, type EngineHostOptions } from '../../../../../src/main/core/engine-host/index.js';
import type { EngineStatus } from '../../../../../src/shared/ipc/channels/engine.js';
import { until } from '../../../../support/poll.js';
import { isAlive } from '../../../../support/process-alive.js';

const ROOT = resolve(import.meta.dirname, '../../../../..');
const CREDENTIALS = { appId: 'host-test-app', secret: 'host-test-secret-5d8a1c7e9f' };
const hosts: EngineHost[] = [];
/** An engine starts from source through tsx, which can take a while on a busy machine. */
const POLL = { timeoutMs: 60_000, stepMs: 50 };
// Each test starts an engine, the crash test two: they get the polls' allowance, not the suite's 30 s default.
const ENGINE_TEST_MS = 3 * POLL.timeoutMs;

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
});

async function engineHost(options: Partial<EngineHostOptions> = {}): Promise<{ host: EngineHost; logs: string[]; statuses: EngineStatus[] }> {
  const logs: string[] = [];
  const statuses: EngineStatus[] = [];
  const host = new EngineHost({
    launch: sourceEngineLaunch(ROOT),
    dataDir: await mkdtemp(join(tmpdir(), 'docket-engine-host-')),
    credentials: async () => CREDENTIALS,
    log: (level, message) => logs.push(`${level} ${message}`),
    backoff: { initialMs: 50, maxMs: 500 },
    ...options,
  });
  host.onStatus((status) => statuses.push(status));
  hosts.push(host);
  return { host, logs, statuses };
}

function clientFor(origin: string): DocketClient {
  return new DocketClient({ baseUrl: origin, credentials: { ...CREDENTIALS, mode: 'headers' }, retry: { maxAttempts: 1 } });
}

describe('engine host', { timeout: ENGINE_TEST_MS }, () => {
  it('starts the real engine with credentials from the environment, not the command line', async () => {
    const { host } = await engineHost();
    const origin = await host.start();
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { workspaces } = await clientFor(origin).workspaces.list({});
    expect(workspaces.length).toBeGreaterThan(0);

    const pid = host.status().pid!;
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
    expect(commandLine).toContain('--data-dir');
    expect(commandLine).not.toContain(CREDENTIALS.secret);
    expect(commandLine).not.toContain(CREDENTIALS.appId);
  });

  it("starts an engine that fixes glibc's mmap threshold itself, so that memory its stopped page workers freed goes back to the system", async () => {
    const { host, logs } = await engineHost();
    await host.start();
    // The engine prints the threshold glibc took from it (heap-trim.ts, fixMmapThreshold); the launch adds no allocator variable.
    await until(() => logs.includes('info engine: engine allocator: glibc mmap threshold fixed at 1048576 bytes'), POLL);
    const environment = (await readFile(`/proc/${host.status().pid!}/environ`, 'utf8')).split('\0');
    expect(environment.filter((entry) => entry.startsWith('MALLOC_'))).toEqual([]);
  });

  it("runs the engine below the app's priority, so that its page workers leave the clerk's screen its frames", async () => {
    const { host } = await engineHost();
    await host.start();
    const pid = host.status().pid!;
    // A nice value: higher is lower priority (a test runner already niced further gives its own to the engine).
    expect(getPriority(pid)).toBeGreaterThanOrEqual(Math.max(constants.priority.PRIORITY_BELOW_NORMAL, getPriority()));
  });

  it("names a new data folder's workspace in the desk's language", async () => {
    const { host } = await engineHost({ language: () => 'zh-CN' });
    const { workspaces } = await clientFor(await host.start()).workspaces.list({});
    expect(workspaces.map((w) => w.name)).toEqual(['我的工作空间']);
  });

  it('survives a SIGKILL: restarted on the same port, with the same credentials and data folder', async () => {
    const { host, statuses, logs } = await engineHost();
    const origin = await host.start();
    const before = clientFor(origin);
    const { workspace_id } = await before.workspaces.create({ name: 'kept across the crash', auth_scope: 0 });
    const firstPid = host.status().pid!;

    process.kill(firstPid, 'SIGKILL');
    await until(() => statuses.some((s) => s.state === 'restarting'), POLL);
    await until(() => host.status().state === 'ready' && host.status().pid !== firstPid, POLL);

    const status = host.status();
    expect(status.origin).toBe(origin);
    expect(status.restarts).toBe(1);
    expect(status.lastExit?.signal).toBe('SIGKILL');
    expect(isAlive(firstPid)).toBe(false);
    const again = await clientFor(status.origin!).workspaces.get({ workspace_id });
    expect(again.name).toBe('kept across the crash');
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'ready', 'restarting', 'starting', 'ready']);
    expect(logs.join('\n')).not.toContain(CREDENTIALS.secret);
  });

  it('stops it cleanly: SIGTERM, exit code 0, no restart', async () => {
    const { host, statuses } = await engineHost();
    await host.start();
    const pid = host.status().pid!;
    await host.stop();

    expect(host.status().state).toBe('stopped');
    expect(host.status().lastExit).toMatchObject({ code: 0, signal: null });
    expect(isAlive(pid)).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(statuses.at(-1)?.state).toBe('stopped');
    await expect(host.whenReady()).rejects.toThrow(/not running|stopped/);
  });

  it('gives up after repeated failed starts and says why; restart() tries again', async () => {
    const failing = { command: process.execPath, args: ['-e', 'console.error("cannot open the store"); process.exit(3)', '--'] };
    const { host, statuses } = await engineHost({ launch: failing, backoff: { initialMs: 10, maxMs: 20, maxFailures: 2 } });

    await expect(host.start()).rejects.toThrow(/could not be kept running/);
    expect(host.status().state).toBe('failed');
    expect(host.status().problem).toContain('cannot open the store');
    expect(host.status().problem).toContain('exit code 3');
    expect(statuses.filter((s) => s.state === 'starting')).toHaveLength(3);

    await expect(host.restart()).rejects.toThrow(/could not be kept running/);
    expect(statuses.filter((s) => s.state === 'starting')).toHaveLength(6);
  });

  it('kills and restarts an engine that never says it is listening', async () => {
    const silent = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)', '--'] };
    const { host, statuses } = await engineHost({ launch: silent, readyTimeoutMs: 200, backoff: { initialMs: 10, maxMs: 20, maxFailures: 1 } });

    await expect(host.start()).rejects.toThrow(/not ready within 200 ms/);
    expect(statuses.filter((s) => s.state === 'restarting')).toHaveLength(1);
    expect(host.status().lastExit?.signal).toBe('SIGKILL');
  });

  it('the engine stops when the app process dies, even by SIGKILL', async () => {
    const { spawn } = await import('node:child_process');
    const dataDir = await mkdtemp(join(tmpdir(), 'docket-engine-orphan-'));
    const script = join(import.meta.dirname, 'host-in-child.ts');
    const parent = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const enginePid = await new Promise<number>((resolvePid, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => {
        const match = /engine pid (\d+)/.exec(chunk.toString());
        if (match) resolvePid(Number(match[1]));
      });
      parent.once('exit', (code) => reject(new Error(`host process exited with ${code}`)));
    });
    expect(isAlive(enginePid)).toBe(true);

    parent.kill('SIGKILL');
    await until(() => !isAlive(enginePid), { ...POLL, timeoutMs: 15_000 });
  });
});
