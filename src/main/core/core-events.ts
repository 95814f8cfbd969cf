import type { OutboxCounts } from './sync/outbox.js';
import type { SyncState } from './sync/sync-state.js';
import type { UploadProgress, UploadView } from './uploads/upload-queue.js';

export type CatalogPart = 'workspaces' | 'categories' | 'rule-repos' | 'review-tasks';

/** What the core tells its host; every event reports something already committed to the cache. */
export interface CoreEvents {
  'sync-state': SyncState;
  /** Files whose cached view changed, by a local change or by a pull. */
  'files-changed': { workspaceId: string; fileIds: string[]; origin: 'local' | 'server' };
  'outbox-changed': OutboxCounts;
  'catalog-changed': { workspaceId: string | null; part: CatalogPart };
  'upload-progress': UploadProgress;
  'upload-changed': UploadView;
}
