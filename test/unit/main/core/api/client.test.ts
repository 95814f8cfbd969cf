import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  DocketClient,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type DocketClientOptions,
  type Progress,
  type RetryEvent,
} from '../../../../../src/main/core/api/index.js';
import { sha256Hex, signRequest } from '../../../../../src/shared/api/index.js';
import { hang, json, ok, raw, reset, startFaultPeer, type FaultPeer, type Received, type Reply } from './fault-peer.js';
import { readMultipart } from './read-multipart.js';

const PREFIX = '/api/app-api/sip/platform/v2';
const SECRET = 'sec-ret';
const ID = '1981692246135111703';
const FILE_LIST = { total: 0, page: 1, page_size: 20, files: [] };
const UPLOADED = { batch_number: 'B1', files: [{ id: '7', name: 'a.pdf', format: 'pdf', task_id: '8' }] };

let dir: string;
let pdfPath: string;
const pdfBytes = randomBytes(200_000);
const open: { peers: FaultPeer[]; agents: Agent[] } = { peers: [], agents: [] };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-client-'));
  pdfPath = join(dir, 'invoice.pdf');
  await writeFile(pdfPath, pdfBytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(open.agents.splice(0).map((agent) => agent.destroy()));
  await Promise.all(open.peers.splice(0).map((peer) => peer.close()));
});

async function peerWith(...replies: Reply[]): Promise<FaultPeer> {
  const peer = await startFaultPeer(replies);
  open.peers.push(peer);
  return peer;
}

function clientFor(baseUrl: string, options: Partial<DocketClientOptions> = {}): DocketClient {
  const dispatcher = new Agent({ connect: { timeout: 2_000 } });
  open.agents.push(dispatcher);
  return new DocketClient({
    baseUrl,
    credentials: { appId: 'app-1', secret: SECRET, mode: 'headers' },
    dispatcher,
    timeoutMs: 2_000,
    retry: { baseMs: 1, capMs: 20 },
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

/** The server side of signed auth, written from the notes: what the engine will check. */
async function signatureMatches(request: Received): Promise<boolean> {
  const expected = await signRequest({
    method: request.method,
    path: request.url.pathname,
    query: [...request.url.searchParams],
    bodySha256Hex: await sha256Hex(request.body),
    timestamp: String(request.headers['x-ti-timestamp']),
    secret: SECRET,
  });
  return request.headers['x-ti-signature'] === expected;
}

describe('DocketClient requests', () => {
  it('sends the credential headers, the API prefix and the query with booleans as true/false', async () => {
    const peer = await peerWith(ok(FILE_LIST));
    await clientFor(peer.baseUrl, { enterpriseId: 'ent-9' }).files.fetch({ workspace_id: ID, page: 2, with_document: true, category: '发票 & 收据' });

    const [request] = peer.received;
    expect(request!.method).toBe('GET');
    expect(request!.url.pathname).toBe(`${PREFIX}/file/fetch`);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ workspace_id: ID, page: '2', with_document: 'true', category: '发票 & 收据' });
    expect(request!.headers).toMatchObject({ 'x-ti-app-id': 'app-1', 'x-ti-secret-code': SECRET, 'x-ti-enterprise-id': 'ent-9' });
  });

  it('sends a JSON body with ids as strings, as validated', async () => {
    const peer = await peerWith(ok({ deleted_count: 2 }));
    const result = await clientFor(peer.baseUrl).files.delete({ workspace_id: 12, task_id: [ID, 5] });

    expect(result).toEqual({ deleted_count: 2 });
    expect(peer.received[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(peer.received[0]!.body.toString())).toEqual({ workspace_id: '12', task_id: [ID, '5'] });
  });

  it('signs a JSON request so that a server can verify it, and never sends the secret', async () => {
    const peer = await peerWith(ok(undefined));
    const client = clientFor(peer.baseUrl, { credentials: { appId: 'app-1', secret: SECRET, mode: 'signature' } });
    await client.files.retry({ workspace_id: '1', task_id: ID, parser_params: { dpi: 216 } });

    const [request] = peer.received;
    expect(request!.headers['x-ti-secret-code']).toBeUndefined();
    expect(Math.abs(Number(request!.headers['x-ti-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(await signatureMatches(request!)).toBe(true);
  });

  it('signs a multipart upload over the exact bytes sent, query included', async () => {
    const peer = await peerWith(ok(UPLOADED));
    const client = clientFor(peer.baseUrl, { credentials: { appId: 'app-1', secret: SECRET, mode: 'signature' } });
    await client.files.upload(pdfPath, { workspace_id: '1', category: '发票', parser: { dpi: 216 } });

    expect(peer.received[0]!.body.length).toBeGreaterThan(pdfBytes.length);
    expect(await signatureMatches(peer.received[0]!)).toBe(true);
  });

  it('uploads a file as a streamed multipart part, parser options in both spellings, reporting progress to the end', async () => {
    const peer = await peerWith(ok(UPLOADED));
    const progress: Progress[] = [];
    const result = await clientFor(peer.baseUrl).files.upload(
      pdfPath,
      { workspace_id: '1', batch_number: 'B1', split_flag: true, parser: { dpi: 216, parse_mode: 'scan' } },
      { onProgress: (p) => progress.push(p), fileName: '发票.pdf' },
    );

    const [request] = peer.received;
    expect(result.files[0]!.task_id).toBe('8');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      workspace_id: '1', batch_number: 'B1', split_flag: 'true', dpi: '216', parser_dpi: '216', parse_mode: 'scan', parser_parse_mode: 'scan',
    });
    expect(Number(request!.headers['content-length'])).toBe(request!.body.length);
    const parsed = await readMultipart(String(request!.headers['content-type']), request!.body);
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ name: 'file', fileName: '发票.pdf', mimeType: 'application/pdf' });
    expect(parsed.files[0]!.data.equals(pdfBytes)).toBe(true);
    expect(progress.at(-1)).toEqual({ sentBytes: request!.body.length, totalBytes: request!.body.length });
  });

  it('sends the fields and tables of a category as JSON text parts beside its sample files', async () => {
    const peer = await peerWith(ok({ category_id: ID }));
    const fields = [{ name: '金额', alias: ['total'] }];
    const tables = [{ name: 'lines', fields: [{ name: 'qty' }] }];
    const result = await clientFor(peer.baseUrl).categories.create({ workspace_id: '1', name: 'Invoice', fields, tables, with_detail: true, sampleFiles: [pdfPath, pdfPath] });

    const parsed = await readMultipart(String(peer.received[0]!.headers['content-type']), peer.received[0]!.body);
    expect(result.category_id).toBe(ID);
    expect(parsed.fields).toEqual({ workspace_id: '1', name: 'Invoice', fields: JSON.stringify(fields), tables: JSON.stringify(tables), with_detail: 'true' });
    expect(parsed.files.map((f) => f.name)).toEqual(['sample_files', 'sample_files']);
  });

  it('returns the bytes of a sample download', async () => {
    const peer = await peerWith(raw(200, pdfBytes, { 'content-type': 'application/pdf' }));
    const bytes = await clientFor(peer.baseUrl).categories.samples.download({ workspace_id: 1, category_id: 2, sample_id: 3 });
    expect(Buffer.from(bytes).equals(pdfBytes)).toBe(true);
  });

  it('reads a bare 19-digit id in a response as the exact string', async () => {
    const peer = await peerWith(raw(200, `{"code":200,"msg":"ok","result":{"workspace_id":${ID},"name":"Desk"}}`, { 'content-type': 'application/json' }));
    expect((await clientFor(peer.baseUrl).workspaces.get({ workspace_id: ID })).workspace_id).toBe(ID);
  });
});

describe('DocketClient validation', () => {
  it('rejects an invalid body before sending, naming the member at fault', async () => {
    const peer = await peerWith(ok(undefined));
    const error = await failure(clientFor(peer.baseUrl).review.tasks.submit({ workspace_id: '1', name: 'x'.repeat(101), repo_id: '2', batch_number: 'B' }));

    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('body.name');
    expect(peer.received).toHaveLength(0);
  });

  it('rejects too many files for a route before sending', async () => {
    const peer = await peerWith(ok({}));
    const error = await failure(clientFor(peer.baseUrl).categories.samples.batchUpload(Array(11).fill(pdfPath), { workspace_id: 1, category_id: 2 }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('files: expected 1 to 10 file(s), got 11');
    expect(peer.received).toHaveLength(0);
  });

  it('rejects a file that cannot be read before sending, naming it', async () => {
    const peer = await peerWith(ok(UPLOADED));
    const missing = join(dir, 'missing.pdf');
    const error = await failure(clientFor(peer.baseUrl).files.upload(missing, { workspace_id: '1' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain(`file[0]: cannot read ${missing} (ENOENT)`);
    expect(peer.received).toHaveLength(0);
  });

  it('reports an answer of the wrong shape as a ResponseValidationError and does not resend it', async () => {
    const peer = await peerWith(ok({ total: 'lots', page: 1, page_size: 20, files: [] }));
    const error = await failure(clientFor(peer.baseUrl).files.fetch({ workspace_id: '1' }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]!.path).toEqual(['result', 'total']);
    expect(peer.received).toHaveLength(1);
  });
});

describe('DocketClient errors and retries', () => {
  it('resends an idempotent call after a 503 and returns the later answer', async () => {
    const peer = await peerWith(json(503, { code: 503, msg: 'busy' }), ok(FILE_LIST));
    const retries: RetryEvent[] = [];
    const result = await clientFor(peer.baseUrl, { onRetry: (event) => retries.push(event) }).files.fetch({ workspace_id: '1' });

    expect(result.total).toBe(0);
    expect(peer.received).toHaveLength(2);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ route: 'fileFetch', attempt: 1, error: { httpStatus: 503 } });
  });

  it('resends on body code 900 and gives up after maxAttempts with the last ApiError', async () => {
    const peer = await peerWith(json(200, { code: 900, msg: 'try later', traceId: 't-9' }));
    const error = await failure(clientFor(peer.baseUrl).categories.list({ workspace_id: '1' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 900, msg: 'try later', traceId: 't-9', httpStatus: 200, retryable: true });
    expect(peer.received).toHaveLength(4);
  });

  it('does not resend an ApiError that is not transient', async () => {
    const peer = await peerWith(json(401, { code: 40101, msg: 'invalid app id' }));
    const error = await failure(clientFor(peer.baseUrl).workspaces.list());
    expect(error).toMatchObject({ code: 40101, httpStatus: 401, retryable: false });
    expect((error as ApiError).toPlain()).toEqual({ code: 40101, message: (error as Error).message, retryable: false });
    expect(peer.received).toHaveLength(1);
  });

  it('waits as long as Retry-After asks before resending', async () => {
    const peer = await peerWith(json(429, { code: 429, msg: 'slow down' }, { 'retry-after': '1' }), ok(FILE_LIST));
    const started = Date.now();
    await clientFor(peer.baseUrl, { retry: { baseMs: 1, capMs: 2_000 } }).files.fetch({ workspace_id: '1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(peer.received).toHaveLength(2);
  });

  it('resends an idempotent call after the connection is reset', async () => {
    const peer = await peerWith(reset, ok(FILE_LIST));
    await clientFor(peer.baseUrl).files.fetch({ workspace_id: '1' });
    expect(peer.received).toHaveLength(2);
  });

  it('never resends an upload after a reset, and says its outcome is unknown', async () => {
    const peer = await peerWith(reset, ok(UPLOADED));
    const error = await failure(clientFor(peer.baseUrl).files.upload(pdfPath, { workspace_id: '1' }));

    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ outcomeUnknown: true, retryable: false });
    expect((error as Error).message).toContain('outcome is unknown');
    expect(peer.received).toHaveLength(1);
  });

  it('never resends an upload after a 503 either, but marks it safe to send again', async () => {
    const peer = await peerWith(json(503, { code: 503, msg: 'busy' }), ok(UPLOADED));
    const error = await failure(clientFor(peer.baseUrl).files.upload(pdfPath, { workspace_id: '1' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ outcomeUnknown: false, retryable: true });
    expect(peer.received).toHaveLength(1);
  });

  it('times out an idempotent call that gets no answer, resending it up to maxAttempts', async () => {
    const peer = await peerWith(hang);
    const error = await failure(clientFor(peer.baseUrl, { timeoutMs: 150, retry: { baseMs: 1, capMs: 5, maxAttempts: 2 } }).workspaces.list());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'headers', timeoutMs: 150, retryable: true });
    expect(peer.received).toHaveLength(2);
  });

  it('times out a create once, with its outcome unknown', async () => {
    const peer = await peerWith(hang);
    const error = await failure(clientFor(peer.baseUrl, { timeoutMs: 150 }).workspaces.create({ name: 'Desk', auth_scope: 0 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ outcomeUnknown: true, retryable: false });
    expect(peer.received).toHaveLength(1);
  });

  it('reports a refused connection as a ConnectionError that reached nothing, so even a create may be resent', async () => {
    const peer = await startFaultPeer([ok(undefined)]);
    await peer.close();
    const error = await failure(clientFor(peer.baseUrl).review.repos.create({ workspace_id: '1', name: 'Rules' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ outcomeUnknown: false, retryable: true });
    expect((error as ConnectionError).toPlain()).toMatchObject({ code: 'CONNECTION_FAILED', retryable: true });
  });

  it('stops with an AbortError when the caller aborts a call in flight', async () => {
    const peer = await peerWith(hang);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(clientFor(peer.baseUrl).files.fetch({ workspace_id: '1' }, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ retryable: false, code: 'ABORTED' });
    expect(peer.received).toHaveLength(1);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const peer = await peerWith(ok(FILE_LIST));
    const error = await failure(clientFor(peer.baseUrl).files.fetch({ workspace_id: '1' }, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ outcomeUnknown: false });
    expect(peer.received).toHaveLength(0);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    const peer = await peerWith(json(503, { code: 503, msg: 'busy' }, { 'retry-after': '1' }), ok(FILE_LIST));
    const controller = new AbortController();
    const client = clientFor(peer.baseUrl, { retry: { capMs: 5_000 }, onRetry: () => controller.abort() });
    const error = await failure(client.files.fetch({ workspace_id: '1' }, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(peer.received).toHaveLength(1);
  });
});
