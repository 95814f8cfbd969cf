import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../../src/main/core/journal/journal.js';
import { entryHash, GENESIS_HASH } from '../../../../../src/main/core/journal/journal-hash.js';
import type { CacheDb } from '../../../../../src/main/core/store/cache-db.js';
import { tempCache } from '../store/cache-fixture.js';

let cache: CacheDb;
let journal: Journal;
let now = 1_000;

beforeEach(() => {
  cache = tempCache();
  journal = new Journal(cache.local, { now: () => now++ });
  for (let i = 1; i <= 5; i++) journal.append({ kind: 'file.correct', subject: `file:w:${i}`, opId: `op-${i}`, detail: { changes: [{ key: 'Total', before: null, after: `${i}.00` }] } });
});
afterEach(() => cache.close());

/** Another connection to the same file, as someone with access to the disk would open it. */
function tamper(sql: string): void {
  const raw = new Database(cache.file);
  raw.exec('DROP TRIGGER IF EXISTS journal_no_update; DROP TRIGGER IF EXISTS journal_no_delete;');
  raw.exec(sql);
  raw.close();
}

describe('the edit journal', () => {
  it('chains each entry to the one before by its hash', () => {
    const entries = journal.list();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
    expect(entries[2]!.hash).toBe(entryHash({ ...entries[2]!, detail: JSON.stringify(entries[2]!.detail) }));
    expect(journal.verify()).toEqual({ ok: true, entries: 5 });
  });

  it('refuses updates and deletes through SQL', () => {
    expect(() => cache.local.prepare("UPDATE journal SET kind = 'x' WHERE seq = 1").run()).toThrow(/append-only/);
    expect(() => cache.local.prepare('DELETE FROM journal WHERE seq = 5').run()).toThrow(/append-only/);
  });

  it('names an entry changed behind its back', () => {
    tamper(`UPDATE journal SET detail = '{"changes":[{"key":"Total","before":null,"after":"999.00"}]}' WHERE seq = 3`);
    expect(journal.verify()).toEqual({ ok: false, entries: 2, seq: 3, reason: 'entry 3 was changed after it was written (its hash does not match its content)' });
  });

  it('notices an entry removed from the middle', () => {
    tamper('DELETE FROM journal WHERE seq = 2');
    expect(journal.verify()).toMatchObject({ ok: false, seq: 2, reason: 'entry 2 is missing (the next one is 3)' });
  });

  it('notices an entry rewritten with a fresh hash, at the next entry', () => {
    const third = journal.list()[2]!;
    const forged = { ...third, detail: JSON.stringify({ forged: true }) };
    tamper(`UPDATE journal SET detail = '${forged.detail}', hash = '${entryHash(forged)}' WHERE seq = 3`);
    expect(journal.verify()).toMatchObject({ ok: false, seq: 4, reason: 'entry 4 does not chain to entry 3 (its previous hash differs)' });
  });

  it('notices a truncated tail', () => {
    tamper('DELETE FROM journal WHERE seq >= 4');
    expect(journal.verify()).toMatchObject({ ok: false, seq: 4 });
  });

  it('exports JSON lines with the hashes, for auditors', async () => {
    const path = join(cache.file, '..', 'journal.jsonl');
    expect(await journal.export(path)).toBe(5);
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as { seq: number; hash: string; prev_hash: string });
    expect(lines.map((l) => l.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(lines[4]!.prev_hash).toBe(lines[3]!.hash);
  });
});
