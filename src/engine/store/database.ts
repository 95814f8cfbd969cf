import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.js';

export type EngineDb = Database.Database;

export function openEngineDb(file: string): EngineDb {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The engine's store is the service's source of truth: a crash must not lose an acknowledged write.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * Background writes that a power cut could only make the engine redo (a job's claim, a file's progress
 * and results, the job's end) commit without waiting for the disk. A killed process loses none of them;
 * a power cut loses at most the last of them, in order, so a job whose results are lost is still queued.
 * The next durable commit (an upload, a client's edit) carries every earlier one to the disk.
 * Called inside a transaction, it leaves the setting to whoever opened it.
 */
export function recomputable<T>(db: EngineDb, write: () => T): T {
  if (db.inTransaction) return write();
  db.pragma('synchronous = NORMAL');
  try {
    return write();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

function migrate(db: EngineDb): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** JSON columns: written with JSON.stringify, read back here so callers never see raw text. */
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  return text === null || text === undefined ? fallback : (JSON.parse(text) as T);
}
