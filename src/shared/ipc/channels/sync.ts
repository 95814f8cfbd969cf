import { z } from 'zod';
import { FileUpdateEntry } from '../../api/index.js';
import { Done, NoArgs, invokeSpec } from '../invoke-spec.js';
import { IpcError } from '../ipc-error.js';

/**
 * online: the server answers; changes are pushed and pulled. offline: the health check fails; it is
 * retried, and the mode turns online by itself when it passes. paused: the clerk stopped syncing.
 */
export const SyncMode = z.enum(['online', 'offline', 'paused']);
export type SyncMode = z.infer<typeof SyncMode>;

export const OutboxCounts = z.object({
  pending: z.number().int().nonnegative(),
  conflicts: z.number().int().nonnegative(),
  deadLetters: z.number().int().nonnegative(),
});
export type OutboxCounts = z.infer<typeof OutboxCounts>;

export const SyncState = z.object({
  mode: SyncMode,
  /** A sync cycle is running. */
  syncing: z.boolean(),
  lastSyncMs: z.number().nullable(),
  /** Why the last cycle or health check failed. */
  lastError: IpcError.nullable(),
  outbox: OutboxCounts,
  /** Cached files still being processed on the server (polled faster). */
  inProgressFiles: z.number().int().nonnegative(),
});
export type SyncState = z.infer<typeof SyncState>;

const outboxRow = {
  opId: z.string(),
  kind: z.string(),
  workspaceId: z.string(),
  /** The change as queued (the request it becomes). */
  change: z.looseObject({ kind: z.string() }),
  attempts: z.number().int().nonnegative(),
  createdMs: z.number(),
};

/**
 * pending: waits its turn or its retry time. inflight: a creation being sent; found so after a crash it
 * means "outcome unknown". unknown: sent, no answer; looked up before it is sent again. conflict: the
 * server changed since the edit's base; the clerk decides; it blocks its queue.
 */
export const OutboxOp = z.object({
  ...outboxRow,
  seq: z.number().int(),
  state: z.enum(['pending', 'inflight', 'unknown', 'conflict']),
  nextAttemptMs: z.number(),
  lastError: IpcError.nullable(),
});
export type OutboxOp = z.infer<typeof OutboxOp>;

export const DeadLetter = z.object({
  ...outboxRow,
  id: z.number().int(),
  error: IpcError,
  /** Why it cannot go through, in words for the clerk. */
  reason: z.string(),
  failedMs: z.number(),
});
export type DeadLetter = z.infer<typeof DeadLetter>;

/** One member of a conflict as the clerk compares it. */
export const ConflictMember = z.object({ key: z.string(), base: z.string().nullable(), server: z.string().nullable(), local: z.string().nullable() });
export type ConflictMember = z.infer<typeof ConflictMember>;

/** A server change since the edit's base: kept for the clerk, field by field. */
export const ConflictView = z.object({
  opId: z.string(),
  workspaceId: z.string(),
  fileId: z.string(),
  aspect: z.enum(['data', 'category']),
  detectedMs: z.number(),
  members: z.array(ConflictMember),
});
export type ConflictView = z.infer<typeof ConflictView>;

/**
 * local: push the clerk's values over the server's. server: drop the clerk's change (and the
 * corrections queued after it, made on top of it). merge: the clerk's merged field set, complete.
 */
export const ResolveConflictArgs = z.discriminatedUnion('keep', [
  z.strictObject({ op_id: z.string().min(1), keep: z.literal('local') }),
  z.strictObject({ op_id: z.string().min(1), keep: z.literal('server') }),
  z.strictObject({ op_id: z.string().min(1), keep: z.literal('merge'), data: FileUpdateEntry.shape.data }),
]);
export type ResolveConflictArgs = z.input<typeof ResolveConflictArgs>;

const WorkspaceFilter = z.strictObject({ workspace_id: z.string().min(1).optional() });
const DeadLetterIds = z.strictObject({ ids: z.array(z.number().int()).min(1) });

export const syncChannels = {
  'sync.status': invokeSpec(NoArgs, SyncState),
  /** paused stops syncing (kept across restarts); online resumes and checks the server at once. */
  'sync.setMode': invokeSpec(z.strictObject({ mode: z.enum(['online', 'paused']) }), SyncState),
  /** Push and pull now (single-flight: joins a cycle already running). */
  'sync.now': invokeSpec(NoArgs, Done),
  'outbox.list': invokeSpec(
    WorkspaceFilter.extend({ limit: z.number().int().min(1).max(1000).default(200) }),
    z.object({ items: z.array(OutboxOp) }),
  ),
  'outbox.deadLetters': invokeSpec(WorkspaceFilter, z.object({ items: z.array(DeadLetter) })),
  'outbox.retryDead': invokeSpec(DeadLetterIds, Done),
  'outbox.discardDead': invokeSpec(DeadLetterIds, Done),
  'conflicts.list': invokeSpec(WorkspaceFilter, z.object({ conflicts: z.array(ConflictView) })),
  'conflicts.resolve': invokeSpec(ResolveConflictArgs, Done),
} as const;
