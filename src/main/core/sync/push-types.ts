import type { DocketClient } from '../api/index.js';
import type { ChangeKind, ChangeOf } from './change-kinds.js';
import type { IdMap } from './id-map.js';
import type { Conflict, OutboxOp } from './outbox.js';
import type { SyncContext } from './sync-context.js';

/** What the server said to one change. */
export type PushOutcome =
  | {
      type: 'applied';
      /** The server already held the change (an earlier attempt took effect, or someone made the same edit). */
      already?: boolean;
      /** Later changes of the same queue that this push carried too (corrections are sent as the whole field set). */
      alsoSettles?: string[];
      /** Cache effects of the success, run in the transaction that removes the change from the outbox. */
      settle?: () => void;
      detail?: unknown;
    }
  | { type: 'conflict'; conflict: Pick<Conflict, 'fileId' | 'aspect' | 'base' | 'server' | 'local'> }
  /** Not now: the server is still processing the thing, or it depends on a creation not yet pushed. */
  | { type: 'defer'; reason: string }
  /** Never: a dead letter with the reason in words, and the local value to keep for a retry. */
  | { type: 'rejected'; reason: string; local?: unknown };

export interface PushContext {
  client: DocketClient;
  sync: SyncContext;
  ids: IdMap;
  signal: AbortSignal;
  /** Commits the change's state as "in flight" before a creation is sent: after a crash it is looked up first. */
  markInflight(): void;
}

export type PushHandler<K extends ChangeKind> = (op: OutboxOp & { change: ChangeOf<K> }, context: PushContext) => Promise<PushOutcome>;
/** Corrections are pushed in batches (push-corrections.ts); every other kind one change at a time. */
export type SingleChangeKind = Exclude<ChangeKind, 'file.correct'>;
export type PushHandlers = { [K in SingleChangeKind]: PushHandler<K> };
