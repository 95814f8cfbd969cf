import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../../../src/main/core/store/cache-db.js';
import { CACHE_MIGRATIONS } from '../../../../../src/main/core/store/migrations.js';

describe('the cache file', () => {
  it('is migrated once, in WAL mode, with the outbox connection fully synchronous', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'docket-cache-')), 'cache.sqlite');
    const cache = openCache(file);
    expect(cache.local.pragma('user_version', { simple: true })).toBe(CACHE_MIGRATIONS.length);
    expect(cache.local.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cache.local.pragma('synchronous', { simple: true })).toBe(2);
    expect(cache.bulk.pragma('synchronous', { simple: true })).toBe(1);
    cache.local.prepare("INSERT INTO meta (key, value) VALUES ('k', '1')").run();
    cache.close();
    const again = openCache(file);
    expect(again.local.prepare("SELECT value FROM meta WHERE key = 'k'").pluck().get()).toBe('1');
    again.close();
  });

  it('refuses a cache written by a newer version', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'docket-cache-')), 'cache.sqlite');
    const raw = new Database(file);
    raw.pragma(`user_version = ${CACHE_MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openCache(file)).toThrow(/written by a newer Docket/);
  });
});
