import type { JobQueue } from './jobs/job-queue.js';
import type { BlobStore } from './store/blob-store.js';
import type { EngineDb } from './store/database.js';
import type { IdGenerator } from './store/ids.js';

/** What every handler group and job runner is built from (passed in, never imported as singletons). */
export interface EngineDeps {
  db: EngineDb;
  ids: IdGenerator;
  blobs: BlobStore;
  queue: JobQueue;
  tempDir: string;
  now: () => number;
  /** A line for the engine's log (stderr by default); absent in tests that do not read it. */
  log?: (line: string) => void;
  /** Started as a stand-in for the cloud service: no XML reader (cloud-stand-in.ts). */
  cloudStandIn?: boolean;
}
