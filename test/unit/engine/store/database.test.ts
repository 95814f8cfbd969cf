import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngineDb, recomputable, type EngineDb } from '../../../../src/engine/store/database.js';

const [NORMAL, FULL] = [1, 2];
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function fileDb(): EngineDb {
  const dir = mkdtempSync(join(tmpdir(), 'docket-engine-db-'));
  dirs.push(dir);
  const db = openEngineDb(join(dir, 'engine.sqlite'));
  db.exec('CREATE TABLE t (x INTEGER)');
  return db;
}

const synchronous = (db: EngineDb) => db.pragma('synchronous', { simple: true });

describe('recomputable', () => {
  it('commits its write without waiting for the disk, then makes the connection durable again', () => {
    const db = fileDb();
    expect(synchronous(db)).toBe(FULL);
    const during = recomputable(db, () => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      return synchronous(db);
    });
    expect(during).toBe(NORMAL);
    expect(synchronous(db)).toBe(FULL);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
  });

  it('makes the connection durable again when the write throws, and the write is rolled back with its transaction', () => {
    const db = fileDb();
    const failing = db.transaction(() => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      throw new Error('stale run');
    });
    expect(() => recomputable(db, failing)).toThrow('stale run');
    expect(synchronous(db)).toBe(FULL);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
  });

  it('inside a transaction leaves the setting to the transaction that is open (SQLite refuses to change it there)', () => {
    const db = fileDb();
    db.transaction(() => recomputable(db, () => db.prepare('INSERT INTO t VALUES (1)').run()))();
    expect(synchronous(db)).toBe(FULL);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
  });
});
