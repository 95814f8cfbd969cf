import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecognitionStatus } from '../../src/shared/api/index.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

// Loopback links only with --allow-private-addresses; a short time limit and a 1 MB size limit keep the slow and huge links quick.
const rig = useContractRig({ args: ['--allow-private-addresses', '--link-timeout-ms', '1500', '--link-max-mb', '1'] });
const INVOICE = 'INVOICE\nInvoice number 2024-007\nTotal 42.00 EUR\n';
let server: Server;
let base: string;
const slowResponses: ServerResponse[] = [];

/** A loopback file server: a document, a slow one, huge ones, a chain of redirects and an HTML page. */
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/files/invoice.txt') return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(INVOICE);
    if (url.pathname === '/download') return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': "attachment; filename*=UTF-8''%E5%8F%91%E7%A5%A8.txt" }).end(INVOICE);
    if (url.pathname === '/slow.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).write('%PDF-1.4\n');
      slowResponses.push(res);
      return;
    }
    if (url.pathname === '/declared-huge.pdf') return void res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(50 * 1024 * 1024) }).end();
    if (url.pathname === '/streamed-huge.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent >= 4 * 1024 * 1024) res.end();
      };
      res.on('drain', pump).on('error', () => undefined);
      return pump();
    }
    if (redirect) {
      const left = Number(redirect[1]);
      return void res.writeHead(302, { location: left === 0 ? '/files/invoice.txt' : `/redirect/${left - 1}` }).end();
    }
    if (url.pathname === '/login.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>sign in</html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of slowResponses) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function outcome(taskId: string) {
  return waitForTask(rig.engine.client, rig.workspaceId, taskId);
}

describe('upload by link (POST /file/upload with urls)', () => {
  it('downloads each link into one file of the batch and processes it like an upload', async () => {
    const answer = await rig.engine.client.files.uploadLinks([`${base}/files/invoice.txt`, `${base}/download`], { workspace_id: rig.workspaceId });
    expect(answer.files.map((f) => f.name)).toEqual(['invoice.txt', '发票.txt']);
    for (const file of answer.files) {
      const done = await outcome(file.task_id);
      expect(done.recognition_status).toBe(RecognitionStatus.success);
      expect(done.batch_number).toBe(answer.batch_number);
      expect(done.document?.pages[0]?.lines.map((l) => l.text).join('\n')).toContain('Invoice number 2024-007');
    }
  });

  it('follows up to 3 redirects and refuses a fourth with a failure cause', async () => {
    const answer = await rig.engine.client.files.uploadLinks([`${base}/redirect/2`, `${base}/redirect/3`], { workspace_id: rig.workspaceId });
    expect((await outcome(answer.files[0]!.task_id)).recognition_status).toBe(RecognitionStatus.success);
    const refused = await outcome(answer.files[1]!.task_id);
    expect(refused.recognition_status).toBe(RecognitionStatus.failed);
    expect(refused.failure_causes).toMatch(/could not be downloaded: it redirected more than 3 times/);
  });

  it('gives up a slow link at the time limit and refuses huge ones, declared or streamed, with a clear cause', async () => {
    const started = Date.now();
    const answer = await rig.engine.client.files.uploadLinks([`${base}/slow.pdf`, `${base}/declared-huge.pdf`, `${base}/streamed-huge.pdf`, `${base}/login.html`], { workspace_id: rig.workspaceId });
    expect(Date.now() - started).toBeLessThan(10_000);
    const causes = await Promise.all(answer.files.map(async (f) => (await outcome(f.task_id)).failure_causes));
    expect(causes[0]).toMatch(/slow\.pdf could not be downloaded: it took longer than 1\.5 s/);
    expect(causes[1]).toMatch(/it is 50 MB, over the 1 MB limit/);
    expect(causes[2]).toMatch(/over the 1 MB limit/);
    expect(causes[3]).toMatch(/answered 'text\/html', not a document/);
  });

  it('answers every file at once with upload/sync', async () => {
    const list = await rig.engine.client.files.uploadLinksSync([`${base}/files/invoice.txt`], { workspace_id: rig.workspaceId });
    expect(list.files?.map((f) => f.recognition_status)).toEqual([RecognitionStatus.success]);
  });

  it('refuses more than 10 links, a link that is not http or https, and an empty list', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `${base}/files/${i}.txt`);
    expect((await rig.raw('POST', '/file/upload', { query: { workspace_id: rig.workspaceId }, body: { urls: eleven } })).code).toBe(40005);
    expect((await rig.raw('POST', '/file/upload', { query: { workspace_id: rig.workspaceId }, body: { urls: ['file:///etc/passwd'] } })).code).toBe(40004);
    expect((await rig.raw('POST', '/file/upload/sync', { query: { workspace_id: rig.workspaceId }, body: { urls: [] } })).code).toBe(40004);
  });
});
