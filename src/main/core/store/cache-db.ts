import Database from 'better-sqlite3';
import type { Db } from './prepared.js';
import { CACHE_MIGRATIONS } from './migrations.js';

// The connection type and its statement cache live in prepared.ts, which the migrations' helpers may import without a cycle.
export { prepared, type Db } from './prepared.js';

/**
 * The cache file through two connections. `local` carries every local change with its outbox row
 * and journal entry, and every outbox transition: synchronous=FULL, so an acknowledged change
 * survives a power cut. `bulk` carries what the server can send again (pulled pages):
 * synchronous=NORMAL, which in WAL mode loses at most the last pulls on a power cut, never
 * corrupts, and costs far fewer fsyncs.
 */
export interface CacheDb {
  readonly local: Db;
  readonly bulk: Db;
  readonly file: string;
  close(): void;
}

export function openCache(file: string): CacheDb {
  const local = openConnection(file, 'FULL');
  migrate(local);
  const bulk = openConnection(file, 'NORMAL');
  return {
    local,
    bulk,
    file,
    close() {
      bulk.close();
      local.close();
    },
  };
}

function openConnection(file: string, synchronous: 'FULL' | 'NORMAL'): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('foreign_keys = ON');
  // Another process (a second drain, a crashed one's recovery) may hold the write lock briefly.
  db.pragma('busy_timeout = 10000');
  // Lists of 100,000 files scan indexes of that size: keep them in memory (SQLite's default is 2 MB).
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > CACHE_MIGRATIONS.length) {
    throw new Error(`the cache ${db.name} was written by a newer Docket (schema ${current}; this version knows ${CACHE_MIGRATIONS.length})`);
  }
  for (let version = current; version < CACHE_MIGRATIONS.length; version++) {
    db.transaction(() => {
      const migration = CACHE_MIGRATIONS[version]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
