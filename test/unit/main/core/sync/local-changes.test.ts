import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocketClient } from '../../../../../src/main/core/api/index.js';
import { DocketCore } from '../../../../../src/main/core/docket-core.js';
import { FileCache } from '../../../../../src/main/core/store/file-cache.js';
import { openCache } from '../../../../../src/main/core/store/cache-db.js';
import { fileRecord } from '../store/cache-fixture.js';

const WS = 'w1';
let cacheFile: string;
let core: DocketCore;

/** The server's records, as a pull would have written them. */
function pulled(records: Parameters<typeof fileRecord>[0][]): void {
  const cache = openCache(cacheFile);
  new FileCache(cache).upsertServerRecords(WS, records.map(fileRecord), 1);
  cache.close();
}

beforeEach(() => {
  cacheFile = join(mkdtempSync(join(tmpdir(), 'docket-local-')), 'cache.sqlite');
  pulled([{ id: '1', fields: { Total: '10.00', Vendor: 'ACME' }, updatedAt: '2026-01-01T00:00:00Z' }, { id: '2' }]);
  // Never started: nothing here talks to a server.
  core = new DocketCore({ cacheFile, client: new DocketClient({ baseUrl: 'http://127.0.0.1:9', credentials: { appId: 'a', secret: 's', mode: 'headers' } }) });
});
afterEach(async () => {
  await core.close();
});

const fields = (fileId: string) => Object.fromEntries((core.getFile(WS, fileId)?.data?.fields ?? []).map((f) => [f.key, f.value]));

describe('a local change', () => {
  it('is the optimistic change, its outbox row and its journal entry, committed together before anyone hears of it', () => {
    const seen: unknown[] = [];
    core.events.on('files-changed', (event) => {
      // Another connection sees everything: listeners run after the commit.
      const other = new Database(cacheFile, { readonly: true });
      seen.push({
        event,
        outbox: other.prepare('SELECT kind FROM outbox').pluck().all(),
        journal: other.prepare('SELECT kind FROM journal').pluck().all(),
        data: JSON.parse(other.prepare("SELECT data FROM file_bodies JOIN files USING (rid) WHERE file_id = '1'").pluck().get() as string),
      });
      other.close();
    });
    const { opIds } = core.changes.correctFile({ workspace_id: WS, file_id: '1', data: { fields: [{ key: 'Total', value: '11.00' }, { key: 'Vendor', value: 'ACME' }] } });
    expect(opIds).toHaveLength(1);
    expect(seen).toEqual([
      {
        event: { workspaceId: WS, fileIds: ['1'], origin: 'local' },
        outbox: ['file.correct'],
        journal: ['file.correct'],
        data: expect.objectContaining({ fields: [expect.objectContaining({ key: 'Total', value: '11.00' }), expect.objectContaining({ key: 'Vendor', value: 'ACME' })] }),
      },
    ]);
    expect(core.journal.list()[0]!.detail).toEqual({ changes: [{ key: 'Total', before: '10.00', after: '11.00' }] });
    expect(core.outbox.list()[0]).toMatchObject({ opId: opIds[0], kind: 'file.correct', queueKey: `file:${WS}:1`, state: 'pending', attempts: 0 });
  });

  it('writes nothing when it is refused', () => {
    expect(() => core.changes.correctFile({ workspace_id: WS, file_id: 'unknown', data: { fields: [] } })).toThrow(/not in the cache/);
    expect(() => core.changes.amendCategory({ workspace_id: WS, task_id: 't1' })).toThrow(/give the new category/);
    expect(() => core.changes.submitReview({ workspace_id: WS, name: 'x', repo_id: 'r' })).toThrow(/extract_task_ids or batch_number is required/);
    core.changes.deleteFiles({ workspace_id: WS, file_ids: ['2'] });
    // One file of a batch of deletes is unknown: none of them is queued.
    expect(() => core.changes.deleteFiles({ workspace_id: WS, file_ids: ['1', 'missing'] })).toThrow(/missing/);
    expect(core.outbox.list().map((o) => o.kind)).toEqual(['file.delete']);
    expect(core.journal.list()).toHaveLength(1);
    expect(core.getFile(WS, '1')?.local.pending).toBe(0);
  });

  it('records nothing when the values did not change', () => {
    expect(core.changes.correctFile({ workspace_id: WS, file_id: '1', data: { fields: [{ key: 'Total', value: '10.00' }, { key: 'Vendor', value: 'ACME' }] } }).opIds).toEqual([]);
    expect(core.outbox.counts().pending).toBe(0);
  });

  it('keeps its values when a pull brings the server record, until it has left the outbox', () => {
    core.changes.correctFile({ workspace_id: WS, file_id: '1', data: { fields: [{ key: 'Total', value: '12.00' }] } });
    pulled([{ id: '1', fields: { Total: '10.00', Vendor: 'Server Ltd' }, updatedAt: '2026-01-01T00:00:05Z' }]);
    expect(fields('1')).toEqual({ Total: '12.00' });
    const other = new Database(cacheFile, { readonly: true });
    const row = other.prepare("SELECT server_data, base_data FROM file_bodies JOIN files USING (rid) WHERE file_id = '1'").get() as { server_data: string; base_data: string };
    other.close();
    expect(JSON.parse(row.server_data).fields.map((f: { value: string }) => f.value)).toEqual(['10.00', 'Server Ltd']);
    expect(JSON.parse(row.base_data).fields.map((f: { value: string }) => f.value)).toEqual(['10.00', 'ACME']);
  });

  it('hides a file deleted locally from the list at once', () => {
    core.changes.deleteFiles({ workspace_id: WS, file_ids: ['2'] });
    expect(core.listFiles({ workspace_id: WS }).files.map((f) => f.file_id)).toEqual(['1']);
    expect(core.listFiles({ workspace_id: WS, pending_only: true, verification_status: 4 }).files.map((f) => f.file_id)).toEqual(['2']);
  });
});
