import { spawn } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, ROUTES, ROUTE_NAMES } from '../../src/shared/api/index.js';
import { ApiError, DocketClient } from '../../src/main/core/api/index.js';
import { useContractRig } from './contract-rig.js';
import { TEST_CREDENTIALS } from './engine-process.js';
import { assertPublishedAnswer } from './published-schema.js';
import { publishedSchemaDispatcher } from './published-schema-dispatcher.js';

const rig = useContractRig();

const HEADERS = { 'x-ti-app-id': TEST_CREDENTIALS.appId, 'x-ti-secret-code': TEST_CREDENTIALS.secret };

async function raw(path: string, init: RequestInit = {}) {
  const response = await fetch(`${rig.engine.origin}${API_PREFIX}${path}`, init);
  const body = (await response.json()) as { code: number; msg: string; traceId?: string };
  assertPublishedAnswer({ method: init.method ?? 'GET', path: `${API_PREFIX}${path}`, status: response.status, body });
  return { status: response.status, body };
}

describe('credentials', () => {
  it('answers 40101 when the credential headers are missing', async () => {
    const { status, body } = await raw('/workspace/list');
    expect(status).toBe(401);
    expect(body.code).toBe(40101);
  });

  it('answers 40102 for a wrong secret and for a wrong app id', async () => {
    for (const headers of [{ ...HEADERS, 'x-ti-secret-code': 'wrong' }, { ...HEADERS, 'x-ti-app-id': 'someone-else' }]) {
      const { status, body } = await raw('/workspace/list', { headers });
      expect(status).toBe(401);
      expect(body.code).toBe(40102);
    }
  });

  it('accepts the signed form for GET and JSON POST requests', async () => {
    const signed = new DocketClient({ baseUrl: rig.engine.origin, credentials: { ...TEST_CREDENTIALS, mode: 'signature' }, dispatcher: publishedSchemaDispatcher() });
    const { workspace_id } = await signed.workspaces.create({ name: 'Signed', auth_scope: 0 });
    const workspace = await signed.workspaces.get({ workspace_id });
    expect(workspace.name).toBe('Signed');
  });

  it('answers 40103 for a signature made with another secret', async () => {
    const forged = new DocketClient({ baseUrl: rig.engine.origin, credentials: { appId: TEST_CREDENTIALS.appId, secret: 'not-the-secret', mode: 'signature' }, dispatcher: publishedSchemaDispatcher() });
    const error = (await forged.workspaces.list({}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(40103);
  });

  it('answers 40103 for a stale timestamp', async () => {
    const { body } = await raw('/workspace/list', { headers: { 'x-ti-app-id': TEST_CREDENTIALS.appId, 'x-ti-timestamp': '1000', 'x-ti-signature': 'ab' } });
    expect(body.code).toBe(40103);
  });
});

describe('request errors', () => {
  it('answers 40401 for an unknown path and 40501 for a wrong method', async () => {
    expect((await raw('/file/nothing', { headers: HEADERS })).body.code).toBe(40401);
    const wrongMethod = await raw('/file/update', { headers: HEADERS });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.code).toBe(40501);
  });

  it('names the member that is invalid, unknown or malformed', async () => {
    const post = (body: string) => raw('/workspace/create', { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body });
    expect((await post('{"name": "a"')).body).toMatchObject({ code: 40004, msg: expect.stringContaining("'body'") });
    expect((await post('{"name": "a", "auth_scope": 0, "colour": "red"}')).body).toMatchObject({ code: 40004, msg: expect.stringContaining("'colour'") });
    expect((await post('{"name": "a", "auth_scope": 7}')).body).toMatchObject({ code: 40004, msg: expect.stringContaining("'auth_scope'") });
    const query = await raw(`/file/fetch?workspace_id=${rig.workspaceId}&with_document=yes`, { headers: HEADERS });
    expect(query.body).toMatchObject({ code: 40004, msg: expect.stringContaining("'with_document'") });
  });

  it('reads query booleans spelled true, True, 1, false, False and 0', async () => {
    for (const spelling of ['true', 'True', '1', 'false', 'False', '0']) {
      const { status, body } = await raw(`/file/fetch?workspace_id=${rig.workspaceId}&with_document=${spelling}`, { headers: HEADERS });
      expect({ spelling, status, code: body.code }).toEqual({ spelling, status: 200, code: 200 });
    }
  });

  it('refuses hostile bodies on every POST route and hostile queries on every GET route, and stays up', async () => {
    const hostile = ['', 'null', '[]', '{}', '"x"', '{"workspace_id": {"$gt": 1}}', '{"workspace_id": "1", "name": "' + 'é'.repeat(5000) + '"}', '\u0000\u0001', '[{"workspace_id": null}]'];
    for (const name of ROUTE_NAMES) {
      const { method, path } = ROUTES[name];
      for (const body of hostile) {
        const init: RequestInit = method === 'POST' ? { method, headers: { ...HEADERS, 'content-type': 'application/json' }, body } : { headers: HEADERS };
        const { status, body: answer } = await raw(method === 'GET' ? `${path}?workspace_id=${encodeURIComponent(body)}&page=${encodeURIComponent(body)}` : path, init);
        // Every hostile POST body and every hostile page number is refused with a client error, never a crash.
        expect({ route: name, body, clientError: status >= 400 && status < 500, refused: answer.code !== 200 }).toEqual({ route: name, body, clientError: true, refused: true });
      }
    }
    expect((await rig.engine.client.workspaces.list({})).total).toBeGreaterThanOrEqual(1);
  });
});

describe('engine CLI', () => {
  it('generates credentials once, keeps them private in the data folder, and reuses them after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docket-cli-'));
    const first = await runCliUntilListening(dataDir);
    expect(first.lines[0]).toMatch(/^engine listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.lines[1]).toMatch(/^generated credentials: x-ti-app-id=\S+ x-ti-secret-code=\S+/);
    expect((await stat(join(dataDir, 'credentials.json'))).mode & 0o777).toBe(0o600);
    expect(await first.stop()).toBe(0);
    const second = await runCliUntilListening(dataDir);
    expect(second.lines[0]).toMatch(/^engine listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(second.lines.filter((line) => line.startsWith('generated credentials'))).toEqual([]);
    expect(await second.stop()).toBe(0);
  });
});

async function runCliUntilListening(dataDir: string) {
  const root = resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/engine/cli.ts', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  let output = '';
  await new Promise<void>((ready) =>
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) setTimeout(ready, 200);
    }),
  );
  return { lines: output.trim().split('\n'), stop: () => (child.kill('SIGTERM'), exited) };
}
