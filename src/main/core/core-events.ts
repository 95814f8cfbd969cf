import type { EventPayload } from '../../shared/ipc/event-contract.js';

/**
 * What the core tells its host; every event reports something already committed to the cache.
 * Each carries the payload of the IPC event the hosts forward it as (src/shared/ipc/event-contract.ts).
 */
export interface CoreEvents {
  'sync-state': EventPayload<'sync.status'>;
  /** Files whose cached view changed, by a local change or by a pull. */
  'files-changed': EventPayload<'files.changed'>;
  'outbox-changed': EventPayload<'outbox.changed'>;
  'catalog-changed': EventPayload<'catalog.changed'>;
  'upload-progress': EventPayload<'uploads.progress'>;
  'upload-changed': EventPayload<'uploads.changed'>;
  'page-images-changed': EventPayload<'pageImages.changed'>;
}

export type CatalogPart = CoreEvents['catalog-changed']['part'];
