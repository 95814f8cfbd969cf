import type { PlainError } from '../api/index.js';
import type { OutboxCounts } from './outbox.js';

/**
 * online: the server answers; changes are pushed and pulled. offline: the health check fails; it
 * is retried, and the mode turns online by itself when it passes. paused: the clerk stopped
 * syncing; nothing is sent until they resume.
 */
export type SyncMode = 'online' | 'offline' | 'paused';

export interface SyncState {
  mode: SyncMode;
  /** A sync cycle is running. */
  syncing: boolean;
  lastSyncMs: number | null;
  /** Why the last cycle or health check failed. */
  lastError: PlainError | null;
  outbox: OutboxCounts;
  /** Cached files still being processed on the server (polled faster). */
  inProgressFiles: number;
}
