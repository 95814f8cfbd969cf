import type { FileData } from '../../../shared/api/index.js';
import type { DocketClient, PlainError } from '../api/index.js';
import { readJson } from '../store/cache-db.js';
import { editableOf } from './editable-data.js';
import { backoffMs } from '../api/retry-policy.js';
import type { ChangeNotes } from './change-notes.js';
import { IdMap } from './id-map.js';
import { endLocalChange, ownLocalId, subjectOf } from './local-entities.js';
import type { OutboxOp, OutboxState } from './outbox.js';
import { classifyFailure, type PushFailure } from './push-failure.js';
import { PUSH_HANDLERS } from './push-handlers.js';
import type { PushContext, PushOutcome } from './push-types.js';
import { commitLocal, type SyncContext } from './sync-context.js';

export interface PusherOptions {
  /** Queues pushed at the same time; within a queue, one change at a time. */
  concurrency: number;
  /** Full-jitter backoff: a wait drawn uniformly from [0, min(cap, base * 2^(attempt-1))). */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Attempts after which a change whose outcome stays unknown, or that the server keeps deferring, becomes a dead letter. */
  maxUncertainAttempts: number;
  random: () => number;
}

export const DEFAULT_PUSHER_OPTIONS: PusherOptions = { concurrency: 4, backoffBaseMs: 1_000, backoffCapMs: 60_000, maxUncertainAttempts: 50, random: Math.random };

export interface DrainResult {
  /** Changes applied, or given up as dead letters. */
  settled: number;
  /** Why the drain stopped early: the server seems unreachable, or refuses the credentials. */
  stoppedBy?: PlainError;
}

type QueueStep = 'next' | 'stop' | 'halt';

/**
 * Pushes the outbox: every queue (file, task, rule, group, category) in order, several queues at
 * once. A conflict blocks only its queue; a dead letter blocks nothing.
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
      let next = 0;
      const worker = async () => {
        while (next < heads.length && !signal.aborted && this.stoppedBy === undefined) settled += await this.runQueue(heads[next++]!.queueKey, signal);
      };
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency, heads.length) }, worker));
    }
    return { settled, ...(this.stoppedBy ? { stoppedBy: this.stoppedBy } : {}) };
  }

  /** Pushes one queue's changes in order until it is empty or one has to wait; answers how many were settled. */
  private async runQueue(queueKey: string, signal: AbortSignal): Promise<number> {
    let settled = 0;
    for (;;) {
      const op = this.context.outbox.head(queueKey);
      if (!op || op.state === 'conflict' || op.nextAttemptMs > this.context.clock.now() || signal.aborted || this.stoppedBy) return settled;
      if ((await this.pushOne(op, signal)) !== 'next') return settled;
      settled++;
    }
  }

  /** One change: resolve the local ids it names, push it, and record what came of it. */
  private async pushOne(op: OutboxOp, signal: AbortSignal): Promise<QueueStep> {
    const { value: change, unresolved } = this.ids.resolve(op.change);
    const waitingFor = unresolved.filter((id) => id !== ownLocalId(op.change));
    if (waitingFor.length > 0) return this.waitForCreation(op, waitingFor);
    const pushContext: PushContext = {
      client: this.client,
      sync: this.context,
      ids: this.ids,
      signal,
      markInflight: () => this.context.db.local.transaction(() => this.context.outbox.setState(op.opId, 'inflight')).immediate(),
      recordSent: (hash) => this.context.db.local.transaction(() => this.context.outbox.addSent(op.opId, hash)).immediate(),
    };
    let outcome: PushOutcome;
    try {
      outcome = await PUSH_HANDLERS[op.kind]({ ...op, change } as never, pushContext);
    } catch (error) {
      return this.failed(op, classifyFailure(error));
    }
    return this.settle(op, outcome);
  }

  private settle(op: OutboxOp, outcome: PushOutcome): QueueStep {
    switch (outcome.type) {
      case 'applied':
        this.commit((notes) => {
          outcome.settle?.();
          const settled = [op, ...(outcome.alsoSettles ?? []).map((id) => this.context.outbox.get(id)).filter((o): o is OutboxOp => o !== undefined)];
          for (const done of settled) {
            this.context.outbox.remove(done.opId);
            endLocalChange(this.context, this.ids, done.workspaceId, done.change, notes);
            const kind = outcome.already ? 'sync.already-applied' : 'sync.applied';
            const detail = done === op ? { change: done.kind, ...(outcome.detail === undefined ? {} : { result: outcome.detail }) } : { change: done.kind, carriedBy: op.opId };
            this.context.journal.append({ kind, subject: subjectOf(done.workspaceId, done.change), opId: done.opId, detail });
          }
        });
        return 'next';
      case 'conflict':
        this.commit((notes) => {
          const conflict = { ...outcome.conflict, opId: op.opId, workspaceId: op.workspaceId, detectedMs: this.context.clock.now() };
          this.context.outbox.putConflict(conflict);
          notes.file(op.workspaceId, conflict.fileId);
          this.context.journal.append({ kind: 'sync.conflict', subject: subjectOf(op.workspaceId, op.change), opId: op.opId, detail: outcome.conflict });
        });
        return 'stop';
      case 'defer':
        return this.later(op, { code: 'DEFERRED', message: outcome.reason, retryable: true }, op.state, { bounded: true });
      case 'rejected':
        this.deadLetter(op, { code: 'REJECTED', message: outcome.reason, retryable: false }, outcome.reason, outcome.local);
        return 'next';
    }
  }

  private failed(op: OutboxOp, failure: PushFailure): QueueStep {
    // A creation marked in flight whose request may have gone out is looked up before any resend.
    const uncertain: OutboxState = op.state === 'unknown' ? 'unknown' : 'pending';
    switch (failure.type) {
      case 'aborted':
        this.commit(() => this.context.outbox.setState(op.opId, failure.sent ? 'unknown' : uncertain));
        return 'halt';
      case 'halt':
        this.commit(() => this.context.outbox.setState(op.opId, uncertain));
        this.stoppedBy = failure.error;
        return 'halt';
      case 'defer':
        return this.later(op, failure.error, uncertain, { bounded: true });
      case 'retry': {
        const state = failure.sent ? 'unknown' : uncertain;
        const step = this.later(op, failure.error, state, { retryAfterMs: failure.retryAfterMs, bounded: state === 'unknown' });
        if (failure.connection) this.stoppedBy = failure.error;
        return step === 'next' ? 'next' : failure.connection ? 'halt' : 'stop';
      }
      case 'permanent':
        this.deadLetter(op, failure.error, failure.reason);
        return 'next';
    }
  }

  /** Backs off with full jitter; a change that stays uncertain too long becomes a dead letter. */
  private later(op: OutboxOp, error: PlainError, state: OutboxState, options: { retryAfterMs?: number | undefined; bounded: boolean }): QueueStep {
    const { retryAfterMs, bounded } = options;
    const attempts = op.attempts + 1;
    if (bounded && attempts >= this.options.maxUncertainAttempts) {
      this.deadLetter({ ...op, attempts }, error, `Gave up after ${attempts} attempts: ${error.message}`);
      return 'next';
    }
    const wait = Math.max(retryAfterMs ?? 0, backoffMs(attempts, { maxAttempts: Infinity, baseMs: this.options.backoffBaseMs, capMs: this.options.backoffCapMs, random: this.options.random }));
    this.commit((notes) => {
      this.context.outbox.scheduleRetry(op.opId, { state, attempts, nextAttemptMs: this.context.clock.now() + wait, error });
      notes.outbox();
    });
    return 'stop';
  }

  /** A change that waits for a thing made offline: fine while that creation is queued, a dead letter once it is not. */
  private waitForCreation(op: OutboxOp, localIds: string[]): QueueStep {
    const queued = localIds.every((id) => this.context.outbox.isQueued(op.workspaceId, id));
    const message = `waiting for ${localIds.join(', ')} to be created on the server`;
    if (queued) return this.later(op, { code: 'DEFERRED', message, retryable: true }, op.state, { bounded: false });
    const reason = `This change names ${localIds.join(', ')}, which was never created on the server (its creation failed: see the dead letters).`;
    this.deadLetter(op, { code: 'REJECTED', message: reason, retryable: false }, reason);
    return 'next';
  }

  private deadLetter(op: OutboxOp, error: PlainError, reason: string, local?: unknown): void {
    this.commit((notes) => {
      this.context.outbox.toDeadLetter(op, { error, reason, local: local ?? this.localValues(op) });
      endLocalChange(this.context, this.ids, op.workspaceId, op.change, notes);
      this.context.journal.append({ kind: 'sync.dead-letter', subject: subjectOf(op.workspaceId, op.change), opId: op.opId, detail: { change: op.kind, reason, error } });
    });
  }

  /** A correction's values as the cache holds them, kept with its dead letter so that a retry can put them back. */
  private localValues(op: OutboxOp): unknown {
    if (op.change.kind !== 'file.correct') return undefined;
    return editableOf(readJson<FileData | null>(this.context.files.row(op.workspaceId, op.change.file_id)?.data, null));
  }

  private commit(work: (notes: ChangeNotes) => void): void {
    commitLocal(this.context, 'server', (notes) => {
      work(notes);
      notes.outbox();
    });
  }
}
