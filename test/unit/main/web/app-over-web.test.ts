import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeWireJson } from '../../../../src/shared/ipc/json-wire.js';
import { until } from '../../../support/poll.js';
import { useAppOverWeb } from './app-over-web-rig.js';

// The whole app core (profiles, engine host, data core) behind the web host, as `npm run serve`
// runs it: a clerk's first minutes, through the contract only.
/** The core starts its engine from source and syncs in the background: answers take their time. */
const POLL = { timeoutMs: 60_000, stepMs: 100 };

const app = useAppOverWeb({ keychainService: 'Docket-test-app-over-web' });
const { call } = app;
let socket: WebSocket;
const events: { event: string; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  const { host } = app;
  socket = new WebSocket(`${host.origin.replace('http', 'ws')}/events`, { headers: { authorization: `Bearer ${host.token}`, origin: host.origin } });
  socket.on('message', (data) => events.push(decodeWireJson(String(data)) as (typeof events)[number]));
  await new Promise((r) => socket.once('open', r));
});

afterAll(() => socket?.close());

describe('the app core over the web host', () => {
  it('takes a dropped file from the stage to the engine, and shows it in the documents list', async () => {
    const workspaceId = await app.firstWorkspace(POLL);

    const staged = await fetch(`${app.host.origin}/stage?name=invoice-7.txt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.host.token}`, origin: app.host.origin },
      body: 'Invoice 7\nInvoice Number: INV-7\nTotal Amount: 12.00\n',
    });
    const { value: stagedFile } = (await staged.json()) as { value: { path: string } };

    const checked = await call<{ files: { blocked: boolean; format: string }[] }>('uploads.preflight', { paths: [stagedFile.path], workspace_id: workspaceId });
    expect(checked.files).toMatchObject([{ blocked: false, format: 'txt' }]);
    const { queued } = await call<{ queued: { upload_id: string; batch_number: string }[] }>('uploads.enqueue', {
      paths: [stagedFile.path],
      options: { workspace_id: workspaceId, batch_number: 'web-batch' },
    });
    expect(queued).toHaveLength(1);

    const uploaded = await until(async () => events.find((e) => e.event === 'uploads.changed' && e.payload['state'] === 'uploaded'), POLL);
    const fileId = uploaded.payload['file_id'] as string;
    expect(fileId).toMatch(/^\d+$/);

    await call('sync.now');
    const page = await until(async () => {
      const listed = await call<{ files: { file_id: string; recognition_status: number }[] }>('files.list', { workspace_id: workspaceId, batch_number: 'web-batch' });
      return listed.files[0]?.recognition_status === 1 ? listed : undefined;
    }, POLL);
    expect(page.files.map((f) => f.file_id)).toEqual([fileId]);

    const source = await call<{ name: string; format: string; bytes: Uint8Array }>('files.source', { workspace_id: workspaceId, file_id: fileId });
    expect(source).toMatchObject({ name: 'invoice-7.txt', format: 'txt' });
    expect(Buffer.from(source.bytes).toString('utf8')).toBe('Invoice 7\nInvoice Number: INV-7\nTotal Amount: 12.00\n');
    expect(await call('files.prefetch', { workspace_id: workspaceId, file_ids: [fileId] })).toEqual({ fetched: 1 });
    expect(events.some((e) => e.event === 'files.changed')).toBe(true);
    expect(events.some((e) => e.event === 'sync.status')).toBe(true);
  });

  it('keeps a correction locally at once, journals it, and pushes it to the engine', async () => {
    const { workspaces } = await call<{ workspaces: { workspace_id: string }[] }>('workspaces.list');
    const workspaceId = workspaces[0]!.workspace_id;
    const { files } = await call<{ files: { file_id: string }[] }>('files.list', { workspace_id: workspaceId, batch_number: 'web-batch' });
    const fileId = files[0]!.file_id;

    const change = await call<{ opIds: string[] }>('files.saveData', {
      workspace_id: workspaceId,
      file_id: fileId,
      data: { fields: [{ key: 'Total Amount', value: '21.00' }] },
    });
    expect(change.opIds).toHaveLength(1);
    const local = await call<{ data: { fields: { key: string; value: string }[] } }>('files.get', { workspace_id: workspaceId, file_id: fileId });
    expect(local.data.fields.find((f) => f.key === 'Total Amount')?.value).toBe('21.00');

    const { entries } = await call<{ entries: { kind: string }[] }>('journal.forFile', { workspace_id: workspaceId, file_id: fileId });
    expect(entries.map((e) => e.kind)).toContain('file.correct');
    expect(await call('journal.verify')).toMatchObject({ ok: true });

    await until(async () => (await call<{ items: unknown[] }>('outbox.list')).items.length === 0, POLL);
    const client = await app.core.clients.forActive();
    const server = await client.files.fetch({ workspace_id: workspaceId, file_id: fileId });
    expect(server.files[0]?.data?.fields.find((f) => f.key === 'Total Amount')?.value).toBe('21.00');
  });

  it("exports a batch's results, corrections included, as CSV, XLSX and JSON", async () => {
    const { workspaces } = await call<{ workspaces: { workspace_id: string }[] }>('workspaces.list');
    const args = { workspace_id: workspaces[0]!.workspace_id, batch_number: 'web-batch' };
    const csv = await call<{ path: string; files: number }>('export.batch', { ...args, format: 'csv' });
    expect(csv.files).toBe(1);
    const [header, row] = (await readFile(csv.path, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    const column = header!.split(',').indexOf('Total Amount');
    expect(column).toBeGreaterThan(0);
    expect(row!.split(',')[column]).toBe('21.00');

    const json = JSON.parse(await readFile((await call<{ path: string }>('export.batch', { ...args, format: 'json' })).path, 'utf8')) as { name: string; fields: { key: string; value: string }[] }[];
    expect(json[0]).toMatchObject({ name: 'invoice-7.txt', fields: expect.arrayContaining([expect.objectContaining({ key: 'Total Amount', value: '21.00' })]) });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await call<{ path: string }>('export.batch', { ...args, format: 'xlsx' })).path);
    const sheet = workbook.getWorksheet('Fields')!;
    const headerRow = sheet.getRow(1).values as unknown[];
    expect(sheet.getRow(2).getCell(headerRow.indexOf('Total Amount')).value).toBe('21.00');
  });

  it('feeds the upload queue from the hot folder and moves what was uploaded into done/', async () => {
    const { workspaces } = await call<{ workspaces: { workspace_id: string }[] }>('workspaces.list');
    const folder = await mkdtemp(join(tmpdir(), 'docket-scans-'));
    const state = await call<{ watching: boolean }>('hotFolder.configure', {
      enabled: true,
      path: folder,
      stableForMs: 300,
      moveToDone: true,
      upload: { workspace_id: workspaces[0]!.workspace_id, batch_number: 'scanner' },
    });
    expect(state.watching).toBe(true);
    await writeFile(join(folder, 'scan-0001.txt'), 'Invoice Number: SCAN-1\nTotal Amount: 5.00\n');

    // The move is logged after the rename lands, so wait for the log, not for the file.
    const activity = async (): Promise<string[]> => (await call<{ recent: { event: string }[] }>('hotFolder.get')).recent.map((a) => a.event);
    await until(async () => (await activity()).includes('moved'), POLL);
    expect(await activity()).toEqual(['moved', 'enqueued']);
    expect(await readdir(folder)).toEqual(['done']);
    expect(await readdir(join(folder, 'done'))).toEqual(['scan-0001.txt']);
    const upload = events.find((e) => e.event === 'uploads.changed' && e.payload['source'] === 'hot-folder' && e.payload['state'] === 'uploaded')!;
    const source = await call<{ bytes: Uint8Array }>('files.source', { workspace_id: workspaces[0]!.workspace_id, file_id: upload.payload['file_id'] });
    expect(Buffer.from(source.bytes).toString('utf8')).toContain('SCAN-1');
    await call('hotFolder.configure', { enabled: false, stableForMs: 300, moveToDone: true });
  });

  it('has no original for a file uploaded elsewhere, and says so', async () => {
    const { workspaces } = await call<{ workspaces: { workspace_id: string }[] }>('workspaces.list');
    const workspaceId = workspaces[0]!.workspace_id;
    const elsewhere = join(await mkdtemp(join(tmpdir(), 'docket-elsewhere-')), 'other-desk.txt');
    await writeFile(elsewhere, 'Invoice Number: OTHER-1\n');
    const uploaded = await (await app.core.clients.forActive()).files.upload(elsewhere, { workspace_id: workspaceId, batch_number: 'other-desk' });
    const fileId = await until(async () => {
      await call('sync.now');
      const { files } = await call<{ files: { file_id: string }[] }>('files.list', { workspace_id: workspaceId, batch_number: 'other-desk' });
      return files[0]?.file_id;
    }, POLL);
    expect(fileId).toBe(uploaded.files[0]!.id);
    await expect(call('files.source', { workspace_id: workspaceId, file_id: fileId })).rejects.toThrow(/SOURCE_UNAVAILABLE.*uploaded from elsewhere/);
  });

  it('answers the first-run calls with NOT_AVAILABLE when the app has no sample documents, not a stub', async () => {
    await expect(call('firstRun.state')).rejects.toThrow(/NOT_AVAILABLE/);
  });
});
