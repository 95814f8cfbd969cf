import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { JournalEntry, JournalVerdict } from '../../../shared/ipc/channels/journal.js';
import type { Clock } from '../clock.js';
import { prepared, type Db } from '../store/cache-db.js';
import { entryHash, GENESIS_HASH, type HashedFields } from './journal-hash.js';

export interface JournalInput {
  kind: string;
  /** What the entry is about: journalSubject(...), e.g. "file:<workspace>:<file id>". */
  subject: string;
  opId?: string | undefined;
  detail: unknown;
}

/** An entry as stored: its detail is JSON text (a JournalEntry of the contract once parsed). */
export type JournalRow = HashedFields & { hash: string };

const HEAD_KEY = 'journal.head';

/**
 * The edit journal: append-only (triggers refuse UPDATE and DELETE), each entry holding the hash
 * of the one before, so that an entry changed, removed or inserted behind the app's back breaks
 * the chain at that entry. The head (last seq and hash) is kept in meta so that a truncated
 * tail shows too.
 */
export class Journal {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Appends one entry; call inside the transaction of the change it records. */
  append(input: JournalInput): JournalEntry {
    const last = prepared(this.db, 'SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined;
    const fields: HashedFields = {
      seq: (last?.seq ?? 0) + 1,
      at_ms: this.clock.now(),
      kind: input.kind,
      subject: input.subject,
      op_id: input.opId ?? null,
      detail: JSON.stringify(input.detail ?? null),
      prev_hash: last?.hash ?? GENESIS_HASH,
    };
    const hash = entryHash(fields);
    prepared(this.db, 'INSERT INTO journal (seq, at_ms, kind, subject, op_id, detail, prev_hash, hash) VALUES (@seq, @at_ms, @kind, @subject, @op_id, @detail, @prev_hash, @hash)').run({ ...fields, hash });
    prepared(this.db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(HEAD_KEY, JSON.stringify({ seq: fields.seq, hash }));
    return { ...fields, hash, detail: input.detail ?? null };
  }

  /** Walks the whole chain; the first broken entry is named. */
  verify(): JournalVerdict {
    let previous = { seq: 0, hash: GENESIS_HASH };
    let entries = 0;
    for (const row of prepared(this.db, 'SELECT * FROM journal ORDER BY seq').iterate() as IterableIterator<JournalRow>) {
      const problem = checkEntry(row, previous);
      if (problem) return { ok: false, entries, ...problem };
      previous = { seq: row.seq, hash: row.hash };
      entries++;
    }
    const head = prepared(this.db, 'SELECT value FROM meta WHERE key = ?').pluck().get(HEAD_KEY) as string | undefined;
    const expected = head === undefined ? { seq: 0, hash: GENESIS_HASH } : (JSON.parse(head) as { seq: number; hash: string });
    if (expected.seq !== previous.seq || expected.hash !== previous.hash) {
      return { ok: false, entries, seq: previous.seq + 1, reason: `entries after ${previous.seq} are missing: the journal's head is entry ${expected.seq}` };
    }
    return { ok: true, entries };
  }

  list(options: { afterSeq?: number; limit?: number; subject?: string } = {}): JournalEntry[] {
    const rows = prepared(this.db, `SELECT * FROM journal WHERE seq > ? ${options.subject === undefined ? '' : 'AND subject = ?'} ORDER BY seq LIMIT ?`)
      .all(options.afterSeq ?? 0, ...(options.subject === undefined ? [] : [options.subject]), options.limit ?? 1000) as JournalRow[];
    return rows.map(parsed);
  }

  /** Writes the journal as JSON lines (hashes included, so that an auditor can re-check the chain); answers the count. */
  async export(path: string): Promise<number> {
    const out = createWriteStream(path, { encoding: 'utf8' });
    const page = prepared(this.db, 'SELECT * FROM journal WHERE seq > ? ORDER BY seq LIMIT 1000');
    let count = 0;
    // Read in pages, not through one iterator: the connection must stay free while the stream drains.
    for (let rows = page.all(0) as JournalRow[]; rows.length > 0; rows = page.all(rows.at(-1)!.seq) as JournalRow[]) {
      if (!out.write(rows.map((row) => `${JSON.stringify(row)}\n`).join(''))) await once(out, 'drain');
      count += rows.length;
    }
    out.end();
    await once(out, 'finish');
    return count;
  }
}

/** The first thing wrong with an entry, naming the entry at fault. */
function checkEntry(row: JournalRow, previous: { seq: number; hash: string }): { seq: number; reason: string } | undefined {
  if (row.seq !== previous.seq + 1) return { seq: previous.seq + 1, reason: `entry ${previous.seq + 1} is missing (the next one is ${row.seq})` };
  if (row.prev_hash !== previous.hash) return { seq: row.seq, reason: `entry ${row.seq} does not chain to entry ${previous.seq} (its previous hash differs)` };
  if (entryHash(row) !== row.hash) return { seq: row.seq, reason: `entry ${row.seq} was changed after it was written (its hash does not match its content)` };
  return undefined;
}

function parsed(row: JournalRow): JournalEntry {
  return { ...row, detail: JSON.parse(row.detail) as unknown };
}
