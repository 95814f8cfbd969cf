import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../../support/process-alive.js';

const ROOT = resolve(import.meta.dirname, '../../../..');

describe('npm run serve', () => {
  it('starts the core and the local engine on first run (no account), prints the URL with its token, and stops cleanly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docket-serve-'));
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/web/serve.ts'), '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const url = await new Promise<string>((resolveUrl, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /^docket listening on (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43})$/.exec(line);
        if (match) resolveUrl(match[1]!);
      });
      void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${stderr}`)));
    });
    const { origin, searchParams } = new URL(url);
    const headers = { authorization: `Bearer ${searchParams.get('token')}`, 'content-type': 'application/json' };
    const call = async (channel: string) => (await fetch(`${origin}/ipc/${channel}`, { method: 'POST', headers, body: '{"args":{}}' })).json();

    expect((await fetch(url, { redirect: 'manual' })).status).toBe(303);
    expect((await fetch(origin)).status).toBe(401);
    // The renderer build (npm test and npm run serve build it first).
    const page = await fetch(origin, { headers: { authorization: headers.authorization } });
    expect(await page.text()).toBe(await readFile(join(ROOT, 'out', 'renderer', 'index.html'), 'utf8'));
    const engine = (await call('engine.status')) as { value: { state: string; pid: number } };
    expect(engine.value.state).toBe('ready');
    expect(await call('profiles.list')).toMatchObject({ ok: true, value: { activeProfileId: 'local', profiles: [{ id: 'local', server: { kind: 'local' } }] } });
    expect(await call('profiles.check')).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });

    // A second app on the same data folder would run a second engine on its store: refused.
    const second = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/web/serve.ts'), '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let secondErr = '';
    second.stderr.on('data', (chunk: Buffer) => (secondErr += chunk.toString()));
    expect(await new Promise((r) => second.once('exit', r))).toBe(2);
    expect(secondErr).toContain(`another Docket (process ${child.pid}) is using ${dataDir}`);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(isAlive(engine.value.pid)).toBe(false);
    expect(await readFile(join(dataDir, 'logs', 'docket.log'), 'utf8')).toContain('local engine ready');
    expect(existsSync(join(dataDir, 'docket.lock'))).toBe(false);
  }, 60_000);
});
