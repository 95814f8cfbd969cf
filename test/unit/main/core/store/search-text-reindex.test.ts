import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../../../src/main/core/store/cache-db.js';
import { serverColumnsOf } from '../../../../../src/main/core/store/file-record-rows.js';
import { listFiles } from '../../../../../src/main/core/store/file-list-query.js';
import { CACHE_MIGRATIONS } from '../../../../../src/main/core/store/migrations.js';
import { fileRecord, type RecordSpec } from './cache-fixture.js';

const WS = 'w1';
const FILES: RecordSpec[] = [
  { id: '1', name: 'beijing.pdf', updatedAt: '2026-01-01T00:00:01Z', lines: ['北京星河科技有限公司', 'Invoice Number: INV-7'] },
  { id: '2', name: 'acme.pdf', updatedAt: '2026-01-01T00:00:02Z', fields: { Vendor: 'ACME Ltd' } },
  { id: '3', name: 'pending.pdf', updatedAt: '2026-01-01T00:00:03Z', lines: ['Weather report'], fields: { Vendor: 'Server Vendor' } },
];

/**
 * A cache file as an older Docket left it (`schema`: 3, before the text was indexed by pairs of
 * characters; 4, with a table for the recognized text and one for the name and field values), its
 * rows written by SQL as that version wrote them and its full-text tables holding stale text (one
 * CJK character per word). File 3 has a pending local correction of its vendor.
 */
function oldCache(schema: 3 | 4): string {
  const file = join(mkdtempSync(join(tmpdir(), 'docket-cache-')), 'cache.sqlite');
  const db = new Database(file);
  for (const migration of CACHE_MIGRATIONS.slice(0, schema)) {
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
  }
  db.pragma(`user_version = ${schema}`);
  const stale = (text: string) => text.replace(/([\u4e00-\u9fff])/gu, ' $1 ');
  for (const spec of FILES) {
    const c = serverColumnsOf(fileRecord(spec))[0]!;
    const rid = Number(
      db
        .prepare(
          `INSERT INTO files (workspace_id, file_id, task_id, task_type, name, recognition_status, updated_ms, local_pending, has_document, first_seen_ms, synced_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
        )
        .run(WS, c.file_id, c.task_id, c.task_type, c.name, c.recognition_status, c.updated_ms, spec.id === '3' ? 1 : 0, c.document === null ? 0 : 1).lastInsertRowid,
    );
    const local = spec.id === '3' ? JSON.stringify({ fields: [{ key: 'Vendor', value: 'Local Vendor', position: [] }], items: [] }) : c.data;
    db.prepare('INSERT INTO file_bodies (rid, record, data, server_data) VALUES (?, ?, ?, ?)').run(rid, c.record, local, c.data);
    if (c.document !== null) {
      db.prepare('INSERT INTO file_documents (rid, document) VALUES (?, ?)').run(rid, c.document);
      db.prepare('INSERT INTO document_text (rowid, lines) VALUES (?, ?)').run(rid, stale(c.document_lines!));
    }
    db.prepare('INSERT INTO field_text (rowid, name, fields) VALUES (?, ?, ?)').run(rid, c.name, c.field_text);
  }
  db.close();
  return file;
}

describe('re-indexing the search text of an existing cache', () => {
  for (const schema of [3, 4] as const) {
    it(`upgrades a cache of schema ${schema} so that its files are found by words, prefixes, Chinese words inside runs and local field values`, () => {
      const cache = openCache(oldCache(schema));
      const ids = (text: string) => listFiles(cache.local, { workspace_id: WS, text }).files.map((f) => f.file_id);
      expect(cache.local.pragma('user_version', { simple: true })).toBe(CACHE_MIGRATIONS.length);
      expect(ids('科技')).toEqual(['1']);
      expect(ids('inv-7')).toEqual(['1']);
      expect(ids('acm')).toEqual(['2']);
      expect(ids('beijing')).toEqual(['1']);
      expect(ids('weather rep')).toEqual(['3']);
      expect(ids('local vendor')).toEqual(['3']);
      expect(ids('server vendor')).toEqual([]);
      expect(listFiles(cache.local, { workspace_id: WS, text: 'pdf' }).total).toBe(3);
      // The lines are kept beside the documents: a correction re-indexes the file without them.
      expect(cache.local.prepare('SELECT rid, lines FROM file_lines ORDER BY rid').all()).toEqual([
        { rid: 1, lines: '北京星河科技有限公司\nInvoice Number: INV-7' },
        { rid: 3, lines: 'Weather report' },
      ]);
      cache.close();
    });
  }
});
