import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EventHub } from '../../../../src/main/app/event-hub.js';
import { settingsHandlers } from '../../../../src/main/app/handlers/settings-handlers.js';
import { SettingsStore } from '../../../../src/main/core/profiles/index.js';
import { startWebHost, type WebHost } from '../../../../src/main/web/web-host.js';
import { createDispatcher } from '../../../../src/shared/ipc/dispatcher.js';
import { decodeWireJson } from '../../../../src/shared/ipc/json-wire.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let host: WebHost;
let dir: string;
let port: number;
let cookie: string;

/** Raw HTTP, so the test controls every header (fetch would set Host and Origin itself). */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function call(channel: string, args: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send(`/ipc/${channel}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: host.origin, ...headers }, body: JSON.stringify({ args }) });
}

function openSocket(headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/events`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-web-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Docket</title><script type="module" src="/assets/app.js"></script>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("renderer");');
  await writeFile(join(dir, 'outside.txt'), 'not to be served');
  const log = () => undefined;
  const events = new EventHub(log);
  const settings = await SettingsStore.open({ path: join(dir, 'settings.json') });
  const dispatcher = createDispatcher(settingsHandlers({ info: { version: '1.0.0', host: 'web', platform: 'linux' }, settings, events }));
  host = await startWebHost({ dispatcher, subscribe: (l) => events.subscribe(l), rendererDir, stageDir: join(dir, 'staged'), log });
  port = Number(new URL(host.origin).port);
  const exchange = await send(`/?token=${host.token}`);
  cookie = String(exchange.headers['set-cookie']).split(';')[0]!;
});

afterAll(async () => {
  await host.close();
});

describe('web host: who may talk to it', () => {
  it('listens on 127.0.0.1 only', async () => {
    expect(host.origin).toBe(`http://127.0.0.1:${port}`);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && a.address !== '127.0.0.1' && !a.address.startsWith('fe80'))
      .map((a) => a!.address);
    expect(others).toContain('::1');
    for (const address of others) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port }, () => (socket.destroy(), resolve('connected')));
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(outcome, address).not.toBe('connected');
    }
  });

  it('refuses every request without the token', async () => {
    expect((await send('/')).status).toBe(401);
    expect((await send('/assets/app.js')).status).toBe(401);
    const ipc = await send('/ipc/preferences.get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(ipc.status).toBe(401);
    expect(JSON.parse(ipc.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', retryable: false } });
    expect((await send('/?token=wrong')).status).toBe(401);
    expect((await send('/', { headers: { cookie: `docket-token-${port}=wrong` } })).status).toBe(401);
    expect((await send('/', { headers: { authorization: `Bearer ${host.token}` } })).status).toBe(200);
  });

  it('exchanges the token in the URL for an HttpOnly, SameSite=Strict cookie and drops it from the address', async () => {
    const reply = await send(`/documents?token=${host.token}&tab=2`);
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/documents?tab=2');
    expect(String(reply.headers['set-cookie'])).toMatch(new RegExp(`^docket-token-${port}=${host.token}; HttpOnly; SameSite=Strict; Path=/$`));
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a foreign Host header (DNS rebinding), even with the token', async () => {
    for (const name of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost']) {
      const reply = await send('/', { headers: { cookie, host: name } });
      expect(reply.status, name).toBe(421);
    }
    expect((await send('/', { headers: { cookie, host: `localhost:${port}` } })).status).toBe(200);
  });

  it('refuses a foreign Origin on calls and event sockets', async () => {
    const reply = await call('preferences.get', {}, { origin: 'http://evil.example' });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body).error.code).toBe('FORBIDDEN');
    await expect(openSocket({ cookie, origin: 'http://evil.example' })).rejects.toThrow(/403/);
    await expect(openSocket({ cookie })).rejects.toThrow(/403/);
    await expect(openSocket({ origin: host.origin })).rejects.toThrow(/401/);
  });
});

describe('web host: what it serves', () => {
  it('serves the renderer build with its policy, and index.html for app routes, never files outside it', async () => {
    const page = await send('/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const script = await send('/assets/app.js', { headers: { cookie } });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log("renderer");');
    for (const path of ['/documents/42', '/../outside.txt', '/%2e%2e/outside.txt', '/assets/%2e%2e/%2e%2e/outside.txt']) {
      const reply = await send(path, { headers: { cookie } });
      expect(reply.body, path).toContain('<title>Docket</title>');
    }
  });

  it('answers a call over HTTP with the result the contract describes', async () => {
    const reply = await call('preferences.update', { language: 'en' });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: { language: 'en', pollIntervalSeconds: 10, offlineRetentionDays: 30 } });
  });

  it('refuses bad arguments with a plain error {code, message, retryable}', async () => {
    const reply = await call('preferences.update', { language: 'fr', pollIntervalSeconds: 1 });
    expect(JSON.parse(reply.body)).toEqual({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/args\.language: .*args\.pollIntervalSeconds: /s), retryable: false },
    });
    expect(JSON.parse((await call('preferences.update', { colour: 'blue' })).body).error.code).toBe('INVALID_ARGUMENTS');
    expect(JSON.parse((await call('nothing.here', {})).body).error.code).toBe('UNKNOWN_CHANNEL');
    expect(JSON.parse((await call('files.list', { workspace_id: '1' })).body).error.code).toBe('NOT_AVAILABLE');
    const notJson = await send('/ipc/preferences.get', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{oops' });
    expect(notJson.status).toBe(400);
    const wrongType = await send('/ipc/preferences.get', { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: '{}' });
    expect(wrongType.status).toBe(415);
  });

  it('pushes events over the WebSocket, validated by the contract', async () => {
    const socket = await openSocket({ cookie, origin: host.origin });
    const received = new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(decodeWireJson(String(data)))));
    await call('preferences.update', { pollIntervalSeconds: 30 });
    expect(await received).toEqual({ event: 'preferences.changed', payload: { language: 'en', pollIntervalSeconds: 30, offlineRetentionDays: 30 } });
    socket.close();
  });

  it('stages a dropped file under its own folder, whatever name the browser gives', async () => {
    const bytes = Buffer.from('%PDF-1.7 dropped');
    const reply = await send(`/stage?name=${encodeURIComponent('../../etc/passwd.pdf')}`, { method: 'POST', headers: { cookie, origin: host.origin }, body: bytes });
    const { value } = JSON.parse(reply.body) as { value: { path: string } };
    expect(value.path.startsWith(join(dir, 'staged'))).toBe(true);
    expect(value.path.endsWith('passwd.pdf')).toBe(true);
    expect(dirname(dirname(value.path))).toBe(join(dir, 'staged'));
    expect(await readFile(value.path)).toEqual(bytes);
  });
});
