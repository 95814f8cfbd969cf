import { randomUUID } from 'node:crypto';
import type { ConflictView, DeadLetter as DeadLetterView, OutboxCounts, OutboxOp as OutboxOpView } from '../../../shared/ipc/channels/sync.js';
import type { PlainError } from '../api/index.js';
import type { Clock } from '../clock.js';
import { prepared, type Db } from '../store/cache-db.js';
import { readJson } from '../store/json-column.js';
import { OutboxChange, queueKeyOf, type ChangeKind } from './change-kinds.js';

// The records below are the IPC contract's views (src/shared/ipc/channels/sync.ts) with what only the
// core uses: the change typed by its kind, the queue it waits in, and the values behind it.

export type OutboxOp = Omit<OutboxOpView, 'kind' | 'change'> & {
  kind: ChangeKind;
  change: OutboxChange;
  queueKey: string;
  /** Hashes of the values already sent for this change (an unanswered attempt may have taken effect). */
  sent: string[];
};
export type OutboxState = OutboxOp['state'];

/** The raw values; the contract's ConflictView shows them member by member (conflictMembers). */
export type Conflict = Omit<ConflictView, 'members'> & {
  /** The server's value the local edit was made on (null when unknown). */
  base: unknown;
  server: unknown;
  local: unknown;
};

export type DeadLetter = Omit<DeadLetterView, 'kind' | 'change'> & {
  kind: ChangeKind;
  change: OutboxChange;
  queueKey: string;
  /** The local value the change carried (a correction's fields and rows), kept for a retry. */
  local: unknown;
};

interface OutboxRow {
  seq: number;
  op_id: string;
  kind: ChangeKind;
  queue_key: string;
  workspace_id: string;
  payload: string;
  state: OutboxState;
  attempts: number;
  next_attempt_ms: number;
  last_error: string | null;
  sent: string;
  created_ms: number;
}

/** The outbox table. Writes go through the caller's transaction on the local (synchronous=FULL) connection. */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A new change at the end of its queue, with its idempotency key minted here, once. */
  insert(workspaceId: string, change: OutboxChange, opId: string = randomUUID()): OutboxOp {
    const parsed = OutboxChange.parse(change);
    const now = this.clock.now();
    const queueKey = queueKeyOf(workspaceId, parsed);
    const { lastInsertRowid } = prepared(this.db, 'INSERT INTO outbox (op_id, kind, queue_key, workspace_id, payload, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(opId, parsed.kind, queueKey, workspaceId, JSON.stringify(parsed), now, now);
    return { seq: Number(lastInsertRowid), opId, kind: parsed.kind, queueKey, workspaceId, change: parsed, state: 'pending', attempts: 0, nextAttemptMs: 0, lastError: null, sent: [], createdMs: now };
  }

  /** The first change of each queue that may be sent now (conflicts block their queue). */
  readyHeads(nowMs: number, limit: number): OutboxOp[] {
    const rows = prepared(this.db, 
        `SELECT o.* FROM outbox o
         WHERE o.seq = (SELECT min(seq) FROM outbox WHERE queue_key = o.queue_key)
           AND o.state <> 'conflict' AND o.next_attempt_ms <= ?
         ORDER BY o.next_attempt_ms, o.seq LIMIT ?`,
      )
      .all(nowMs, limit) as OutboxRow[];
    return rows.map(opOf);
  }

  head(queueKey: string): OutboxOp | undefined {
    const row = prepared(this.db, 'SELECT * FROM outbox WHERE queue_key = ? ORDER BY seq LIMIT 1').get(queueKey) as OutboxRow | undefined;
    return row ? opOf(row) : undefined;
  }

  get(opId: string): OutboxOp | undefined {
    const row = prepared(this.db, 'SELECT * FROM outbox WHERE op_id = ?').get(opId) as OutboxRow | undefined;
    return row ? opOf(row) : undefined;
  }

  list(options: { workspaceId?: string; limit?: number } = {}): OutboxOp[] {
    const where = options.workspaceId === undefined ? '' : 'WHERE workspace_id = ?';
    const rows = prepared(this.db, `SELECT * FROM outbox ${where} ORDER BY seq LIMIT ?`).all(...(options.workspaceId === undefined ? [] : [options.workspaceId]), options.limit ?? 1000) as OutboxRow[];
    return rows.map(opOf);
  }

  /** Some change is queued for the thing with this id (e.g. the creation of a category made offline). */
  isQueued(workspaceId: string, id: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM outbox WHERE queue_key LIKE ? LIMIT 1').get(`%:${workspaceId}:${id}`) !== undefined;
  }

  /** The changes of one queue, in order. */
  queue(queueKey: string): OutboxOp[] {
    return (prepared(this.db, 'SELECT * FROM outbox WHERE queue_key = ? ORDER BY seq').all(queueKey) as OutboxRow[]).map(opOf);
  }

  /** The earliest time a waiting change may be sent, if any waits. */
  nextAttemptMs(): number | undefined {
    const value = prepared(this.db, "SELECT min(next_attempt_ms) FROM outbox WHERE state <> 'conflict'").pluck().get() as number | null;
    return value ?? undefined;
  }

  setState(opId: string, state: OutboxState, change?: OutboxChange): void {
    const payload = change === undefined ? undefined : JSON.stringify(OutboxChange.parse(change));
    prepared(this.db, 'UPDATE outbox SET state = ?, payload = coalesce(?, payload), updated_ms = ? WHERE op_id = ?')
      .run(state, payload ?? null, this.clock.now(), opId);
  }

  scheduleRetry(opId: string, retry: { state: OutboxState; attempts: number; nextAttemptMs: number; error: PlainError }): void {
    prepared(this.db, 'UPDATE outbox SET state = ?, attempts = ?, next_attempt_ms = ?, last_error = ?, updated_ms = ? WHERE op_id = ?')
      .run(retry.state, retry.attempts, retry.nextAttemptMs, JSON.stringify(retry.error), this.clock.now(), opId);
  }

  /** Before a value goes out: committed, so that a crash or a lost answer leaves the trace. */
  addSent(opId: string, hash: string): void {
    prepared(this.db, "UPDATE outbox SET sent = json_insert(sent, '$[#]', ?) WHERE op_id = ? AND NOT EXISTS (SELECT 1 FROM json_each(sent) WHERE value = ?)").run(hash, opId, hash);
  }

  remove(opId: string): void {
    prepared(this.db, 'DELETE FROM outbox WHERE op_id = ?').run(opId);
  }

  /** After a crash a creation found in flight may have reached the server: look it up before sending again. */
  recoverInflight(): number {
    return prepared(this.db, "UPDATE outbox SET state = 'unknown' WHERE state = 'inflight'").run().changes;
  }

  // ---- conflicts ----

  putConflict(conflict: Conflict): void {
    prepared(this.db, 'INSERT OR REPLACE INTO conflicts (op_id, workspace_id, file_id, aspect, base, server, local, detected_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(conflict.opId, conflict.workspaceId, conflict.fileId, conflict.aspect, JSON.stringify(conflict.base), JSON.stringify(conflict.server), JSON.stringify(conflict.local), conflict.detectedMs);
    this.setState(conflict.opId, 'conflict');
  }

  conflicts(workspaceId?: string): Conflict[] {
    const where = workspaceId === undefined ? '' : 'WHERE workspace_id = ?';
    const rows = prepared(this.db, `SELECT * FROM conflicts ${where} ORDER BY detected_ms`).all(...(workspaceId === undefined ? [] : [workspaceId])) as ConflictRow[];
    return rows.map(conflictOf);
  }

  conflict(opId: string): Conflict | undefined {
    const row = prepared(this.db, 'SELECT * FROM conflicts WHERE op_id = ?').get(opId) as ConflictRow | undefined;
    return row ? conflictOf(row) : undefined;
  }

  deleteConflict(opId: string): void {
    prepared(this.db, 'DELETE FROM conflicts WHERE op_id = ?').run(opId);
  }

  // ---- dead letters ----

  /** Moves a change that cannot go through to the dead letters, out of its queue. */
  toDeadLetter(op: OutboxOp, failure: { error: PlainError; reason: string; local?: unknown }): void {
    prepared(this.db, 
        'INSERT INTO dead_letters (op_id, kind, queue_key, workspace_id, payload, local, error, reason, attempts, created_ms, failed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(op.opId, op.kind, op.queueKey, op.workspaceId, JSON.stringify(op.change), failure.local === undefined ? null : JSON.stringify(failure.local), JSON.stringify(failure.error), failure.reason, op.attempts, op.createdMs, this.clock.now());
    this.remove(op.opId);
  }

  deadLetters(workspaceId?: string): DeadLetter[] {
    const where = workspaceId === undefined ? '' : 'WHERE workspace_id = ?';
    const rows = prepared(this.db, `SELECT * FROM dead_letters ${where} ORDER BY id`).all(...(workspaceId === undefined ? [] : [workspaceId])) as DeadLetterRow[];
    return rows.map(deadLetterOf);
  }

  deadLetter(id: number): DeadLetter | undefined {
    const row = prepared(this.db, 'SELECT * FROM dead_letters WHERE id = ?').get(id) as DeadLetterRow | undefined;
    return row ? deadLetterOf(row) : undefined;
  }

  deleteDeadLetter(id: number): void {
    prepared(this.db, 'DELETE FROM dead_letters WHERE id = ?').run(id);
  }

  counts(): OutboxCounts {
    return prepared(this.db, 
        "SELECT (SELECT count(*) FROM outbox WHERE state <> 'conflict') AS pending, (SELECT count(*) FROM conflicts) AS conflicts, (SELECT count(*) FROM dead_letters) AS deadLetters",
      )
      .get() as OutboxCounts;
  }
}

function opOf(row: OutboxRow): OutboxOp {
  return {
    seq: row.seq,
    opId: row.op_id,
    kind: row.kind,
    queueKey: row.queue_key,
    workspaceId: row.workspace_id,
    change: OutboxChange.parse(JSON.parse(row.payload)),
    state: row.state,
    attempts: row.attempts,
    nextAttemptMs: row.next_attempt_ms,
    lastError: readJson<PlainError | null>(row.last_error, null),
    sent: JSON.parse(row.sent) as string[],
    createdMs: row.created_ms,
  };
}

interface ConflictRow {
  op_id: string;
  workspace_id: string;
  file_id: string;
  aspect: Conflict['aspect'];
  base: string | null;
  server: string;
  local: string;
  detected_ms: number;
}

function conflictOf(row: ConflictRow): Conflict {
  return {
    opId: row.op_id,
    workspaceId: row.workspace_id,
    fileId: row.file_id,
    aspect: row.aspect,
    base: readJson<unknown>(row.base, null),
    server: JSON.parse(row.server) as unknown,
    local: JSON.parse(row.local) as unknown,
    detectedMs: row.detected_ms,
  };
}

interface DeadLetterRow {
  id: number;
  op_id: string;
  kind: ChangeKind;
  queue_key: string;
  workspace_id: string;
  payload: string;
  local: string | null;
  error: string;
  reason: string;
  attempts: number;
  created_ms: number;
  failed_ms: number;
}

function deadLetterOf(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    opId: row.op_id,
    kind: row.kind,
    queueKey: row.queue_key,
    workspaceId: row.workspace_id,
    change: OutboxChange.parse(JSON.parse(row.payload)),
    local: readJson<unknown>(row.local, null),
    error: JSON.parse(row.error) as PlainError,
    reason: row.reason,
    attempts: row.attempts,
    createdMs: row.created_ms,
    failedMs: row.failed_ms,
  };
}
