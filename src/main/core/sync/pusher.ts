import type { FileData, FileRecord } from '../../../shared/api/index.js';
import type { DocketClient, PlainError } from '../api/index.js';
import { readJson } from '../store/json-column.js';
import { editableOf } from './editable-data.js';
import { backoffMs } from '../api/retry-policy.js';
import type { ChangeNotes } from './change-notes.js';
import { IdMap } from './id-map.js';
import { endLocalChange, ownLocalId, subjectOf } from './local-entities.js';
import type { OutboxOp, OutboxState } from './outbox.js';
import { correctionBatches } from './correction-batches.js';
import { isCorrection, pushCorrections, type CorrectionOp } from './push-corrections.js';
import { classifyFailure, type PushFailure } from './push-failure.js';
import { listServerFiles } from './server-file-listing.js';
import { PUSH_HANDLERS } from './push-handlers.js';
import type { PushContext, PushOutcome, SingleChangeKind } from './push-types.js';
import { commitLocal, type SyncContext } from './sync-context.js';

export interface PusherOptions {
  /** Queues pushed at the same time; within a queue, one change at a time. */
  concurrency: number;
  /** Full-jitter backoff: a wait drawn uniformly from [0, min(cap, base * 2^(attempt-1))). */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Attempts after which a change whose outcome stays unknown, or that the server keeps deferring, becomes a dead letter. */
  maxUncertainAttempts: number;
  /** Corrections of one workspace sent in one /file/update request (the interface names no limit; this keeps bodies small). */
  correctionsPerRequest: number;
  /** A round's corrections are checked against one listing of the files updated since their bases while it holds at most this many records per correction. */
  listedPerCorrection: number;
  random: () => number;
}

export const DEFAULT_PUSHER_OPTIONS: PusherOptions = { concurrency: 4, backoffBaseMs: 1_000, backoffCapMs: 60_000, maxUncertainAttempts: 50, correctionsPerRequest: 50, listedPerCorrection: 8, random: Math.random };

export interface DrainResult {
  /** Changes applied, or given up as dead letters. */
  settled: number;
  /** Why the drain stopped early: the server seems unreachable, or refuses the credentials. */
  stoppedBy?: PlainError;
}

type QueueStep = 'next' | 'stop' | 'halt';

function countSettled(steps: readonly QueueStep[]): number {
  return steps.filter((step) => step === 'next').length;
}

/**
 * Pushes the outbox: every queue (file, task, rule, group, category) in order, several queues at
 * once. A conflict blocks only its queue; a dead letter blocks nothing. Corrections at the head of
 * their queues go in batches: one request and two commits for many files.
 */
export class Pusher {
  private readonly ids: IdMap;
  private stoppedBy: PlainError | undefined;

  constructor(
    private readonly context: SyncContext,
    private readonly client: DocketClient,
    private readonly options: PusherOptions = DEFAULT_PUSHER_OPTIONS,
  ) {
    this.ids = new IdMap(context.db.local);
  }

  async drain(signal: AbortSignal): Promise<DrainResult> {
    this.stoppedBy = undefined;
    let settled = 0;
    while (!signal.aborted && this.stoppedBy === undefined) {
      const heads = this.context.outbox.readyHeads(this.context.clock.now(), 256);
      if (heads.length === 0) break;
      const corrections = heads.filter(isCorrection);
      // A failed listing only means each file is read on its own, where the failure is classified.
      const listed = await listServerFiles(corrections, this.batchContext(signal), this.options.listedPerCorrection).catch(() => new Map<string, FileRecord>());
      const tasks = [
        ...correctionBatches(corrections, this.options).map((batch) => async () => countSettled(await this.runCorrections(batch, listed, signal))),
        ...heads.filter((head) => !isCorrection(head)).map((head) => () => this.runQueue(head.queueKey, signal)),
      ];
      let next = 0;
      const worker = async () => {
        while (next < tasks.length && !signal.aborted && this.stoppedBy === undefined) settled += await tasks[next++]!();
      };
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency, tasks.length) }, worker));
    }
    return { settled, ...(this.stoppedBy ? { stoppedBy: this.stoppedBy } : {}) };
  }

  /** A batch of corrections pushed together; what came of each is recorded in one transaction. */
  private async runCorrections(batch: readonly CorrectionOp[], listed: ReadonlyMap<string, FileRecord>, signal: AbortSignal): Promise<QueueStep[]> {
    const results = await pushCorrections(batch, listed, this.batchContext(signal));
    return this.commit((notes) => results.map((result) => ('outcome' in result ? this.settle(result.op, result.outcome, notes) : this.failed(result.op, result.failure, notes))));
  }

  /** Pushes one queue's changes in order until it is empty or one has to wait; answers how many were settled. */
  private async runQueue(queueKey: string, signal: AbortSignal): Promise<number> {
    let settled = 0;
    for (;;) {
      const op = this.context.outbox.head(queueKey);
      if (!op || op.state === 'conflict' || op.nextAttemptMs > this.context.clock.now() || signal.aborted || this.stoppedBy) return settled;
      const step = isCorrection(op) ? ((await this.runCorrections([op], new Map(), signal))[0] ?? 'stop') : await this.pushOne(op, signal);
      if (step !== 'next') return settled;
      settled++;
    }
  }

  private batchContext(signal: AbortSignal) {
    return { client: this.client, sync: this.context, signal };
  }

  /** One change: resolve the local ids it names, push it, and record what came of it. */
  private async pushOne(op: OutboxOp, signal: AbortSignal): Promise<QueueStep> {
    const { value: change, unresolved } = this.ids.resolve(op.change);
    const waitingFor = unresolved.filter((id) => id !== ownLocalId(op.change));
    if (waitingFor.length > 0) return this.commit((notes) => this.waitForCreation(op, waitingFor, notes));
    const pushContext: PushContext = {
      client: this.client,
      sync: this.context,
      ids: this.ids,
      signal,
      markInflight: () => this.context.db.local.transaction(() => this.context.outbox.setState(op.opId, 'inflight')).immediate(),
    };
    let outcome: PushOutcome;
    try {
      outcome = await PUSH_HANDLERS[op.kind as SingleChangeKind]({ ...op, change } as never, pushContext);
    } catch (error) {
      return this.commit((notes) => this.failed(op, classifyFailure(error), notes));
    }
    return this.commit((notes) => this.settle(op, outcome, notes));
  }

  // What came of a push is recorded by the methods below, each in the caller's transaction (see commit).

  private settle(op: OutboxOp, outcome: PushOutcome, notes: ChangeNotes): QueueStep {
    switch (outcome.type) {
      case 'applied': {
        outcome.settle?.();
        const settled = [op, ...(outcome.alsoSettles ?? []).map((id) => this.context.outbox.get(id)).filter((o): o is OutboxOp => o !== undefined)];
        for (const done of settled) {
          this.context.outbox.remove(done.opId);
          endLocalChange(this.context, this.ids, done.workspaceId, done.change, notes);
          const kind = outcome.already ? 'sync.already-applied' : 'sync.applied';
          const detail = done === op ? { change: done.kind, ...(outcome.detail === undefined ? {} : { result: outcome.detail }) } : { change: done.kind, carriedBy: op.opId };
          this.context.journal.append({ kind, subject: subjectOf(done.workspaceId, done.change), opId: done.opId, detail });
        }
        return 'next';
      }
      case 'conflict': {
        const conflict = { ...outcome.conflict, opId: op.opId, workspaceId: op.workspaceId, detectedMs: this.context.clock.now() };
        this.context.outbox.putConflict(conflict);
        notes.file(op.workspaceId, conflict.fileId);
        this.context.journal.append({ kind: 'sync.conflict', subject: subjectOf(op.workspaceId, op.change), opId: op.opId, detail: outcome.conflict });
        return 'stop';
      }
      case 'defer':
        return this.later(op, { code: 'DEFERRED', message: outcome.reason, retryable: true }, op.state, { bounded: true }, notes);
      case 'rejected':
        this.deadLetter(op, { code: 'REJECTED', message: outcome.reason, retryable: false }, { reason: outcome.reason, local: outcome.local }, notes);
        return 'next';
    }
  }

  private failed(op: OutboxOp, failure: PushFailure, notes: ChangeNotes): QueueStep {
    // A creation marked in flight whose request may have gone out is looked up before any resend.
    const uncertain: OutboxState = op.state === 'unknown' ? 'unknown' : 'pending';
    switch (failure.type) {
      case 'aborted':
        this.context.outbox.setState(op.opId, failure.sent ? 'unknown' : uncertain);
        return 'halt';
      case 'halt':
        this.context.outbox.setState(op.opId, uncertain);
        this.stoppedBy = failure.error;
        return 'halt';
      case 'defer':
        return this.later(op, failure.error, uncertain, { bounded: true }, notes);
      case 'retry': {
        const state = failure.sent ? 'unknown' : uncertain;
        const step = this.later(op, failure.error, state, { retryAfterMs: failure.retryAfterMs, bounded: state === 'unknown' }, notes);
        if (failure.connection) this.stoppedBy = failure.error;
        return step === 'next' ? 'next' : failure.connection ? 'halt' : 'stop';
      }
      case 'permanent':
        this.deadLetter(op, failure.error, { reason: failure.reason }, notes);
        return 'next';
    }
  }

  /** Backs off with full jitter; a change that stays uncertain too long becomes a dead letter. */
  private later(op: OutboxOp, error: PlainError, state: OutboxState, options: { retryAfterMs?: number | undefined; bounded: boolean }, notes: ChangeNotes): QueueStep {
    const { retryAfterMs, bounded } = options;
    const attempts = op.attempts + 1;
    if (bounded && attempts >= this.options.maxUncertainAttempts) {
      this.deadLetter({ ...op, attempts }, error, { reason: `Gave up after ${attempts} attempts: ${error.message}` }, notes);
      return 'next';
    }
    const wait = Math.max(retryAfterMs ?? 0, backoffMs(attempts, { maxAttempts: Infinity, baseMs: this.options.backoffBaseMs, capMs: this.options.backoffCapMs, random: this.options.random }));
    this.context.outbox.scheduleRetry(op.opId, { state, attempts, nextAttemptMs: this.context.clock.now() + wait, error });
    return 'stop';
  }

  /** A change that waits for a thing made offline: fine while that creation is queued, a dead letter once it is not. */
  private waitForCreation(op: OutboxOp, localIds: string[], notes: ChangeNotes): QueueStep {
    const queued = localIds.every((id) => this.context.outbox.isQueued(op.workspaceId, id));
    const message = `waiting for ${localIds.join(', ')} to be created on the server`;
    if (queued) return this.later(op, { code: 'DEFERRED', message, retryable: true }, op.state, { bounded: false }, notes);
    const reason = `This change names ${localIds.join(', ')}, which was never created on the server (its creation failed: see the dead letters).`;
    this.deadLetter(op, { code: 'REJECTED', message: reason, retryable: false }, { reason }, notes);
    return 'next';
  }

  private deadLetter(op: OutboxOp, error: PlainError, why: { reason: string; local?: unknown }, notes: ChangeNotes): void {
    const { reason, local } = why;
    this.context.outbox.toDeadLetter(op, { error, reason, local: local ?? this.localValues(op) });
    endLocalChange(this.context, this.ids, op.workspaceId, op.change, notes);
    this.context.journal.append({ kind: 'sync.dead-letter', subject: subjectOf(op.workspaceId, op.change), opId: op.opId, detail: { change: op.kind, reason, error } });
  }

  /** A correction's values as the cache holds them, kept with its dead letter so that a retry can put them back. */
  private localValues(op: OutboxOp): unknown {
    if (op.change.kind !== 'file.correct') return undefined;
    return editableOf(readJson<FileData | null>(this.context.files.row(op.workspaceId, op.change.file_id)?.data, null));
  }

  private commit<T>(work: (notes: ChangeNotes) => T): T {
    return commitLocal(this.context, 'server', (notes) => {
      notes.outbox();
      return work(notes);
    });
  }
}
