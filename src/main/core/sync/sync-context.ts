import type { FileRecord } from '../../../shared/api/index.js';
import type { Clock } from '../clock.js';
import type { CoreEvents } from '../core-events.js';
import type { Journal } from '../journal/journal.js';
import type { CacheDb } from '../store/cache-db.js';
import type { CatalogCache } from '../store/catalog-cache.js';
import type { FileCache } from '../store/file-cache.js';
import type { TypedEmitter } from '../typed-emitter.js';
import { ChangeNotes } from './change-notes.js';
import type { Outbox } from './outbox.js';

/** The stores the sync services share, built once by the core and passed in. */
export interface SyncContext {
  db: CacheDb;
  files: FileCache;
  catalog: CatalogCache;
  outbox: Outbox;
  journal: Journal;
  clock: Clock;
  events: TypedEmitter<CoreEvents>;
  /** Where pulled page image links go (the page-image cache); links are not kept in file records. */
  pageLinks?: { noteLinks(workspaceId: string, records: readonly FileRecord[]): void } | undefined;
  /** Called after a local change has committed (the sync engine syncs soon). */
  localChanged: () => void;
}

/**
 * Runs `work` as one transaction on the local (synchronous=FULL) connection; listeners hear of
 * what it noted only after the commit, and nothing if it throws.
 */
export function commitLocal<T>(context: SyncContext, origin: 'local' | 'server', work: (notes: ChangeNotes) => T): T {
  const notes = new ChangeNotes();
  const result = context.db.local.transaction(() => work(notes)).immediate();
  notes.emit(context.events, () => context.outbox.counts(), origin);
  if (origin === 'local') context.localChanged();
  return result;
}
