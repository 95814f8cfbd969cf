import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dataPaths } from '../../src/main/app/create-app-core.js';
import { ENGINE_CREDENTIALS_OWNER } from '../../src/main/core/engine-host/index.js';
import { startWebHost, type WebHost } from '../../src/main/web/web-host.js';
import { filesUnder, harnessApp, type HarnessedApp } from './app-harness.js';
import { until } from '../support/poll.js';
import { ensureSecretService, type SecretService } from './secret-service.js';

const SERVICE = `Docket-test-${randomBytes(4).toString('hex')}`;
const typed = {
  first: { appId: `typed-app-${randomBytes(4).toString('hex')}`, secret: `typed-secret-${randomBytes(16).toString('hex')}` },
  second: { appId: `typed-app-${randomBytes(4).toString('hex')}`, secret: `typed-secret-${randomBytes(16).toString('hex')}` },
};

let secretService: SecretService;
let dataDir: string;
let app: HarnessedApp;
let host: WebHost;
let engineSecret: { appId: string; secret: string };
const wire: string[] = [];
const POLL = { timeoutMs: 60_000, stepMs: 100 };

/** Where a needle appears, as UTF-8 or UTF-16 (SQLite may store either). */
function occurrences(haystacks: { where: string; bytes: Buffer }[], needles: string[]): string[] {
  const found: string[] = [];
  for (const { where, bytes } of haystacks) {
    for (const needle of needles) {
      if (bytes.includes(Buffer.from(needle, 'utf8')) || bytes.includes(Buffer.from(needle, 'utf16le'))) found.push(`${needle.slice(0, 12)}… in ${where}`);
    }
  }
  return found;
}

async function call(channel: string, args: unknown = {}): Promise<{ ok: boolean; value?: unknown; error?: unknown }> {
  const response = await fetch(`${host.origin}/ipc/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json', origin: host.origin },
    body: JSON.stringify({ args }),
  });
  const text = await response.text();
  wire.push(text);
  return JSON.parse(text) as { ok: boolean; value?: unknown; error?: unknown };
}

beforeAll(async () => {
  secretService = await ensureSecretService();
  dataDir = await mkdtemp(join(tmpdir(), 'docket-leak-'));
  app = await harnessApp(dataDir, SERVICE);
  await app.core.start();
  const origin = await app.core.engine.whenReady();
  engineSecret = (await app.core.credentials.load(ENGINE_CREDENTIALS_OWNER))!;
  host = await startWebHost({
    dispatcher: app.core.dispatcher,
    subscribe: (listener) => app.core.events.subscribe(listener),
    rendererDir: join(dataDir, 'no-renderer'),
    stageDir: dataPaths(dataDir).staged,
    log: app.log.sink,
  });
  const socket = new WebSocket(`${host.origin.replace('http', 'ws')}/events`, { headers: { authorization: `Bearer ${host.token}`, origin: host.origin } });
  socket.on('message', (data) => wire.push(String(data)));
  await new Promise((resolve) => socket.once('open', resolve));

  // Data: a file uploaded and corrected, so the cache, its outbox and its journal hold real rows.
  await app.core.whenOpen();
  const workspaceId = await until(async () => ((await call('workspaces.list')).value as { workspaces: { workspace_id: string }[] }).workspaces[0]?.workspace_id, POLL);
  const staged = await fetch(`${host.origin}/stage?name=leak-check.txt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, origin: host.origin },
    body: 'Invoice Number: INV-1\nTotal Amount: 3.00\n',
  });
  const { path } = ((await staged.json()) as { value: { path: string } }).value;
  await call('uploads.enqueue', { paths: [path], options: { workspace_id: workspaceId, batch_number: 'leak-batch' } });
  const fileId = await until(async () => {
    const { files } = (await call('files.list', { workspace_id: workspaceId, batch_number: 'leak-batch' })).value as { files: { file_id: string; recognition_status: number }[] };
    if (files[0]?.recognition_status !== 1) await call('sync.now');
    return files[0]?.recognition_status === 1 ? files[0].file_id : undefined;
  }, POLL);
  await call('files.saveData', { workspace_id: workspaceId, file_id: fileId, data: { fields: [{ key: 'Total Amount', value: '4.00' }] } });
  await until(async () => ((await call('outbox.list')).value as { items: unknown[] }).items.length === 0, POLL);
  await call('journal.forFile', { workspace_id: workspaceId, file_id: fileId });

  // A clerk's session: profiles with typed credentials, one of them the engine's own, checks that
  // succeed and fail, a change of credentials, an engine restart, preferences.
  const wrong = await call('profiles.create', { name: 'Wrong secret', server: { kind: 'cloud', baseUrl: origin }, credentials: typed.first });
  const right = await call('profiles.create', { name: 'Engine as a server', server: { kind: 'cloud', baseUrl: origin }, credentials: engineSecret });
  const wrongId = (wrong.value as { id: string }).id;
  const rightId = (right.value as { id: string }).id;
  expect(await call('profiles.check', { id: wrongId })).toMatchObject({ ok: true, value: { ok: false } });
  expect(await call('profiles.check', { id: rightId })).toMatchObject({ ok: true, value: { ok: true } });
  expect(await call('profiles.check', { id: 'local' })).toMatchObject({ ok: true, value: { ok: true } });
  await call('profiles.update', { id: wrongId, credentials: typed.second });
  await call('profiles.activate', { id: rightId });
  await call('profiles.list');
  await call('engine.restart');
  await call('engine.status');
  await call('preferences.update', { language: 'en' });
  await call('profiles.activate', { id: 'local' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.close();
}, 120_000);

afterAll(async () => {
  await host.close();
  await app.core.credentials.remove(ENGINE_CREDENTIALS_OWNER);
  for (const profile of (await app.core.profiles.list()).profiles) if (profile.id !== 'local') await app.core.profiles.delete(profile.id);
  await app.close();
  secretService.stop();
});

describe('no secret outside the keychain', () => {
  const secrets = () => [engineSecret.secret, typed.first.secret, typed.second.secret];
  const appIds = () => [engineSecret.appId, typed.first.appId, typed.second.appId];

  it('the secrets are in the keychain (so the scans below look for something real)', async () => {
    expect(await app.core.credentials.place(ENGINE_CREDENTIALS_OWNER)).toBe('keychain');
    const profiles = (await app.core.profiles.list()).profiles.filter((p) => p.id !== 'local');
    expect(profiles.map((p) => p.credentials)).toEqual(['keychain', 'keychain']);
    const planted = join(await mkdtemp(join(tmpdir(), 'docket-planted-')), 'planted.bin');
    await writeFile(planted, Buffer.from(`xx${typed.second.secret}xx`, 'utf16le'));
    expect(occurrences(await filesUnder(join(planted, '..')).then((f) => f.map((x) => ({ where: x.path, bytes: x.bytes }))), secrets())).toHaveLength(1);
  });

  it('none in any file of the app data folder: SQLite stores and their WAL, settings, logs', async () => {
    const files = await filesUnder(dataDir);
    const cacheFiles = files.filter((f) => f.path.startsWith(dataPaths(dataDir).cache));
    expect(cacheFiles.map((f) => f.path.slice(dataPaths(dataDir).cache.length + 1)).sort()).toEqual(
      expect.arrayContaining(['local.sqlite', expect.stringMatching(/^cloud-[0-9a-f]+\.sqlite$/)]),
    );
    expect(files.some((f) => f.path.endsWith(join('engine', 'engine.sqlite')))).toBe(true);
    expect(files.some((f) => f.path.endsWith('settings.json'))).toBe(true);
    expect(files.some((f) => f.path.endsWith('docket.log'))).toBe(true);
    expect(occurrences(files.map((f) => ({ where: f.path, bytes: f.bytes })), [...secrets(), ...appIds()])).toEqual([]);
  });

  it('none in the log output', () => {
    expect(app.logLines.filter((line) => line.includes('local engine ready'))).toHaveLength(2);
    expect(occurrences([{ where: 'log output', bytes: Buffer.from(app.logLines.join('\n')) }], secrets())).toEqual([]);
  });

  it('none in any IPC response or pushed event, on the wire or as the core produced them', () => {
    expect(wire.length).toBeGreaterThan(10);
    expect(wire.some((text) => text.includes('"event":"engine.status"'))).toBe(true);
    const payloads = [...wire, ...app.payloads.map((p) => JSON.stringify(p))];
    expect(occurrences([{ where: 'IPC payloads', bytes: Buffer.from(payloads.join('\n')) }], [...secrets(), ...appIds()])).toEqual([]);
  });
});
