import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileCache } from '../../../../../src/main/core/store/file-cache.js';
import { listFiles } from '../../../../../src/main/core/store/file-list-query.js';
import type { CacheDb } from '../../../../../src/main/core/store/cache-db.js';
import { fileRecord, tempCache, type RecordSpec } from './cache-fixture.js';

const WS = 'w1';
const ACME: RecordSpec = { id: '1', name: 'alpha.pdf', updatedAt: '2026-01-01T00:00:01Z', lines: ['ACME Ltd', '深圳市腾讯计算机系统有限公司'], fields: { Vendor: 'ACME', Total: '1,234.50' } };
let cache: CacheDb;
let files: FileCache;

beforeEach(() => {
  cache = tempCache();
  files = new FileCache(cache);
});
afterEach(() => cache.close());

const ids = (text: string) => listFiles(cache.local, { workspace_id: WS, text }).files.map((f) => f.file_id);
const pull = (...specs: RecordSpec[]) => files.upsertServerRecords(WS, specs.map(fileRecord), 1000);
const correct = (fields: Record<string, string>) => {
  const row = files.requireRow(WS, '1');
  cache.local.transaction(() => files.beginLocalChange(row, { data: fileRecord({ id: '1', fields }).data }))();
};

describe('the full-text row of a file', () => {
  it('is found by its lines, name and field values together, a search\'s words in any of them', () => {
    pull(ACME);
    expect(ids('腾讯')).toEqual(['1']);
    expect(ids('alpha')).toEqual(['1']);
    expect(ids('1,234')).toEqual(['1']);
    expect(ids('alpha 腾讯 1,234')).toEqual(['1']);
  });

  it('keeps its lines when a field is corrected, read beside the document and not from it', () => {
    pull(ACME);
    cache.local.prepare('DELETE FROM file_documents').run();
    correct({ Vendor: 'Globex', Total: '99.00' });
    expect(ids('globex')).toEqual(['1']);
    expect(ids('1,234')).toEqual([]);
    expect(ids('腾讯')).toEqual(['1']);
    expect(ids('alpha')).toEqual(['1']);
  });

  it('keeps its lines when the server sends the record again without its document, and its name when the document comes later', () => {
    pull({ ...ACME, lines: undefined });
    expect(ids('腾讯')).toEqual([]);
    pull({ ...ACME, updatedAt: '2026-01-01T00:00:02Z' });
    expect([ids('腾讯'), ids('alpha'), ids('acme')]).toEqual([['1'], ['1'], ['1']]);
    pull({ ...ACME, lines: undefined, name: 'renamed.pdf', updatedAt: '2026-01-01T00:00:03Z' });
    expect([ids('腾讯'), ids('renamed'), ids('alpha')]).toEqual([['1'], ['1'], []]);
  });

  it('holds the local field values while a correction is pending, and the server\'s once it has gone', () => {
    pull(ACME);
    correct({ Vendor: 'Globex' });
    pull({ ...ACME, fields: { Vendor: 'Initech' }, updatedAt: '2026-01-01T00:00:02Z' });
    expect([ids('globex'), ids('initech'), ids('腾讯')]).toEqual([['1'], [], ['1']]);
    cache.local.transaction(() => files.endLocalChange(files.requireRow(WS, '1').rid))();
    expect([ids('globex'), ids('initech'), ids('腾讯')]).toEqual([[], ['1'], ['1']]);
  });

  it('goes with a child file the server no longer lists', () => {
    pull({ id: '5', updatedAt: '2026-01-01T00:00:05Z', children: [{ id: '51', lines: ['child text zebra'] }] });
    expect(listFiles(cache.local, { workspace_id: WS, file_id: '51', text: 'zebra' }).total).toBe(1);
    pull({ id: '5', updatedAt: '2026-01-01T00:00:06Z', children: [] });
    expect(listFiles(cache.local, { workspace_id: WS, file_id: '51', text: 'zebra' }).total).toBe(0);
    expect(cache.local.prepare("SELECT count(*) FROM search_text WHERE search_text MATCH 'zebra'").pluck().get()).toBe(0);
  });
});
