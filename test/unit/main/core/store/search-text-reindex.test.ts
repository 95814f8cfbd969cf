import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../../../src/main/core/store/cache-db.js';
import { FileCache } from '../../../../../src/main/core/store/file-cache.js';
import { listFiles } from '../../../../../src/main/core/store/file-list-query.js';
import { CACHE_MIGRATIONS } from '../../../../../src/main/core/store/migrations.js';
import { fileRecord } from './cache-fixture.js';

const WS = 'w1';
/** The schema before full-text search was re-indexed (migration 4). */
const OLD_SCHEMA = 3;

/** A cache file as an older Docket left it: its text indexed one CJK character per word. */
function oldCache(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'docket-cache-')), 'cache.sqlite');
  const db = new Database(file);
  for (const migration of CACHE_MIGRATIONS.slice(0, OLD_SCHEMA)) db.exec(migration as string);
  db.pragma(`user_version = ${OLD_SCHEMA}`);
  new FileCache({ local: db, bulk: db, file, close: () => db.close() }).upsertServerRecords(
    WS,
    [
      fileRecord({ id: '1', name: 'beijing.pdf', updatedAt: '2026-01-01T00:00:01Z', lines: ['北京星河科技有限公司', 'Invoice Number: INV-7'] }),
      fileRecord({ id: '2', name: 'acme.pdf', updatedAt: '2026-01-01T00:00:02Z', fields: { Vendor: 'ACME Ltd' } }),
    ],
    1000,
  );
  const oneCharPerWord = (text: string) => text.replace(/([\u4e00-\u9fff])/gu, ' $1 ');
  db.prepare('DELETE FROM document_text WHERE rowid = 1').run();
  db.prepare('INSERT INTO document_text (rowid, lines) VALUES (1, ?)').run(oneCharPerWord('北京星河科技有限公司\nInvoice Number: INV-7'));
  db.close();
  return file;
}

describe('re-indexing the search text of an existing cache', () => {
  it('upgrades an older cache so that its files are found by words, prefixes and Chinese words inside runs', () => {
    const cache = openCache(oldCache());
    const ids = (text: string) => listFiles(cache.local, { workspace_id: WS, text }).files.map((f) => f.file_id);
    expect(cache.local.pragma('user_version', { simple: true })).toBe(CACHE_MIGRATIONS.length);
    expect(ids('科技')).toEqual(['1']);
    expect(ids('inv-7')).toEqual(['1']);
    expect(ids('acm')).toEqual(['2']);
    expect(ids('beijing')).toEqual(['1']);
    expect(listFiles(cache.local, { workspace_id: WS, text: 'pdf' }).total).toBe(2);
    cache.close();
  });
});
