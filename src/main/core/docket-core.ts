import type { CachedFile, DocumentPageAnswer, FileListPage } from '../../shared/ipc/channels/files.js';
import type { DocketClient } from './api/index.js';
import { systemClock, type Clock } from './clock.js';
import type { CoreEvents } from './core-events.js';
import { readDocumentPage } from './document-page.js';
import { SampleBatch } from './first-run/sample-batch.js';
import type { FetchPageImage } from './page-images/page-image-fetch.js';
import { DEFAULT_PAGE_IMAGE_OPTIONS, PageImages, type PageImageOptions } from './page-images/page-images.js';
import { WorkQueuePrefetch } from './page-images/work-queue-prefetch.js';
import { Journal } from './journal/journal.js';
import { WorkQueues } from './queues/work-queues.js';
import { openCache, type CacheDb } from './store/cache-db.js';
import { CatalogCache } from './store/catalog-cache.js';
import { FileCache } from './store/file-cache.js';
import { listFiles, type FileListQuery } from './store/file-list-query.js';
import { ConflictResolver } from './sync/conflict-resolution.js';
import { DeadLetterActions } from './sync/dead-letter-actions.js';
import { LocalChanges } from './sync/local-changes.js';
import { Outbox } from './sync/outbox.js';
import type { SyncContext } from './sync/sync-context.js';
import { DEFAULT_SYNC_OPTIONS, SyncEngine, type SyncEngineOptions } from './sync/sync-engine.js';
import { TypedEmitter } from './typed-emitter.js';
import { DEFAULT_UPLOAD_OPTIONS, UploadQueue, type UploadQueueOptions } from './uploads/upload-queue.js';

export interface DocketCoreOptions {
  /** The cache file (created with its folder's permissions; one per profile). */
  cacheFile: string;
  /**
   * The client of the profile's server, built with `retry: { maxAttempts: 1 }`: the outbox
   * retries itself, after asking the server what it holds; a client that resends blind could
   * apply a change twice or over a concurrent one.
   */
  client: DocketClient;
  clock?: Clock | undefined;
  sync?: Partial<SyncEngineOptions> | undefined;
  uploads?: Partial<UploadQueueOptions> | undefined;
  /** The page-image cache; its folder defaults to `<cache file>.page-images` beside the cache. */
  pageImages?: (Partial<PageImageOptions> & { fetchImage?: FetchPageImage | undefined }) | undefined;
}

/** Read-only views of the stores, for the hosts. */
export type OutboxReader = Pick<Outbox, 'list' | 'conflicts' | 'conflict' | 'deadLetters' | 'deadLetter' | 'counts'>;
export type CatalogReader = Pick<CatalogCache, 'workspaces' | 'categories' | 'category' | 'ruleRepos' | 'ruleRepo' | 'reviewTasks'>;
export type JournalReader = Pick<Journal, 'list' | 'verify' | 'export'>;

/**
 * The data half of the desktop core, wired by hand: the cache, the outbox and its sync engine,
 * the upload queue and the edit journal. Hosts (Electron IPC, the web host) call these services
 * and forward `events`; nothing here knows about them.
 */
export class DocketCore {
  readonly events = new TypedEmitter<CoreEvents>();
  /** Commands: each is one transaction (optimistic change, outbox row, journal entry), then a sync soon. */
  readonly changes: LocalChanges;
  readonly conflicts: ConflictResolver;
  readonly deadLetters: DeadLetterActions;
  readonly sync: SyncEngine;
  readonly uploads: UploadQueue;
  readonly outbox: OutboxReader;
  readonly catalog: CatalogReader;
  readonly journal: JournalReader;
  /** The clerk's worklists, from the cache. */
  readonly queues: WorkQueues;
  /** The first run's sample batch. */
  readonly samples: SampleBatch;
  /** Page pictures for the viewer, kept for offline proofreading. */
  readonly pageImages: PageImages;
  private readonly db: CacheDb;
  private readonly files: FileCache;
  private readonly unsubscribe: (() => void)[];

  constructor(options: DocketCoreOptions) {
    const clock = options.clock ?? systemClock;
    this.db = openCache(options.cacheFile);
    this.files = new FileCache(this.db);
    const outbox = new Outbox(this.db.local, clock);
    const catalog = new CatalogCache(this.db);
    const journal = new Journal(this.db.local, clock);
    const { fetchImage, ...imageOptions } = options.pageImages ?? {};
    this.pageImages = new PageImages(
      { db: this.db, files: this.files, client: options.client, clock, events: this.events, fetchImage },
      { ...DEFAULT_PAGE_IMAGE_OPTIONS, dir: `${options.cacheFile}.page-images`, ...imageOptions },
    );
    const context: SyncContext = {
      db: this.db,
      files: this.files,
      catalog,
      outbox,
      journal,
      clock,
      events: this.events,
      localChanged: () => this.sync.kick(),
      pageLinks: this.pageImages,
    };
    this.outbox = outbox;
    this.catalog = catalog;
    this.journal = journal;
    this.queues = new WorkQueues(this.db.local, journal, clock);
    this.changes = new LocalChanges(context);
    this.conflicts = new ConflictResolver(context);
    this.deadLetters = new DeadLetterActions(context);
    this.sync = new SyncEngine(context, options.client, { ...DEFAULT_SYNC_OPTIONS, ...options.sync });
    this.uploads = new UploadQueue(context, options.client, { ...DEFAULT_UPLOAD_OPTIONS, ...options.uploads });
    this.samples = new SampleBatch(this.db.local, this.uploads, () => clock.now());
    const queuePrefetch = new WorkQueuePrefetch(this.queues, this.pageImages);
    // A pull may remove files (a split child the server dropped): their pictures go once the cycle is over.
    let pulledChanges = false;
    this.unsubscribe = [
      this.events.on('sync-state', (state) => {
        this.uploads.setOnline(state.mode === 'online');
        this.pageImages.setOnline(state.mode === 'online');
        if (state.syncing) return;
        queuePrefetch.flush();
        if (pulledChanges) void this.pageImages.dropOrphans();
        pulledChanges = false;
      }),
      this.events.on('files-changed', (change) => {
        if (change.origin !== 'server') return;
        queuePrefetch.noteChanged(change.workspaceId);
        pulledChanges = true;
      }),
    ];
  }

  /** Starts syncing and uploading (after recovering what a crash left in flight). */
  start(): void {
    this.uploads.start();
    this.sync.start();
  }

  /** Stops syncing and uploading, waits for what is running, and closes the cache. */
  async close(): Promise<void> {
    await this.uploads.stop();
    await this.sync.stop();
    await this.pageImages.stop();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.db.close();
  }

  listFiles(query: FileListQuery): FileListPage {
    return listFiles(this.db.local, query);
  }

  /** The cached file with its child files and local changes applied; the document when asked for. */
  getFile(workspaceId: string, fileId: string, options: { withDocument?: boolean } = {}): CachedFile | undefined {
    return this.files.view(workspaceId, fileId, options);
  }

  /** One page of the file's recognised text (null until its document is cached, or past its last page); undefined for a file not in the cache. */
  getDocumentPage(workspaceId: string, fileId: string, page: number): DocumentPageAnswer | undefined {
    const row = this.files.row(workspaceId, fileId);
    if (!row) return undefined;
    const stored = readDocumentPage(this.db.local, row.rid, page);
    return { page: typeof stored?.page === 'string' ? (JSON.parse(stored.page) as DocumentPageAnswer['page']) : null, page_count: stored?.pageCount ?? 0 };
  }

  /** Pulls now (documents come with the records) and answers how many of these files now open offline. */
  async prefetchDocuments(workspaceId: string, fileIds: readonly string[]): Promise<number> {
    // A clerk taking files offline will proofread them: their pages come before plain prefetch.
    this.pageImages.keepOffline(workspaceId, fileIds);
    await this.sync.syncNow();
    // Again: the pull may have brought links of pages that were not known before.
    this.pageImages.keepOffline(workspaceId, fileIds);
    return fileIds.filter((id) => (this.getFile(workspaceId, id, { withDocument: true })?.document ?? null) !== null).length;
  }
}
