import type { FileRecord } from '../../../shared/api/index.js';
import type { PageImageAnswer, PageImageCacheInfo, PageImageRef } from '../../../shared/ipc/channels/page-images.js';
import type { DocketClient } from '../api/index.js';
import type { Clock } from '../clock.js';
import type { CoreEvents } from '../core-events.js';
import type { CacheDb } from '../store/cache-db.js';
import type { FileCache } from '../store/file-cache.js';
import { Meta } from '../store/meta.js';
import type { TypedEmitter } from '../typed-emitter.js';
import { PageImageBlobs } from './page-image-blobs.js';
import { PageImageDownloader } from './page-image-downloader.js';
import { evictToFit } from './page-image-eviction.js';
import { httpPageImageFetch, type FetchPageImage } from './page-image-fetch.js';
import { PageImageIndex, PRIORITY } from './page-image-index.js';
import { relinkThrough } from './page-image-relink.js';

export interface PageImageOptions {
  /** The folder of the pictures (beside the cache file). */
  dir: string;
  /** The cache's size until the clerk sets one (kept in the cache's meta table). */
  limitBytes: number;
  /** Downloads at a time: the pictures are a background job. */
  concurrency: number;
  /** Prefetching (pages nobody asked for yet) stops once the cache is this full, so it never evicts what a clerk looked at. */
  prefetchShare: number;
  timeoutMs: number;
}

export const DEFAULT_PAGE_IMAGE_OPTIONS: Omit<PageImageOptions, 'dir'> = { limitBytes: 1024 ** 3, concurrency: 2, prefetchShare: 0.8, timeoutMs: 60_000 };

export interface PageImagesDeps {
  db: CacheDb;
  files: FileCache;
  client: DocketClient;
  clock: Clock;
  events: TypedEmitter<CoreEvents>;
  /** How links are downloaded; plain HTTP unless a test says otherwise. */
  fetchImage?: FetchPageImage | undefined;
}

const LIMIT_KEY = 'page-images:limit-bytes';

/**
 * The page-image cache: links noted at every pull, pictures downloaded in the background into a
 * content-addressed folder beside the cache, bounded with least-recently-used eviction, and served
 * to the viewer from disk (offline included).
 */
export class PageImages {
  private readonly index: PageImageIndex;
  private readonly blobs: PageImageBlobs;
  private readonly meta: Meta;
  private readonly downloader: PageImageDownloader;
  /** As the sync engine last said; it starts offline until its first health check. */
  private online = false;

  constructor(
    private readonly deps: PageImagesDeps,
    private readonly options: PageImageOptions,
  ) {
    this.index = new PageImageIndex(deps.db.bulk);
    this.blobs = new PageImageBlobs(options.dir);
    this.meta = new Meta(deps.db.bulk);
    this.downloader = new PageImageDownloader({
      index: this.index,
      blobs: this.blobs,
      fetchImage: deps.fetchImage ?? httpPageImageFetch(options.timeoutMs),
      relink: relinkThrough(deps.client, this.index, deps.clock),
      minPriority: () => (this.index.totals().bytes >= this.limitBytes() * options.prefetchShare ? PRIORITY.queue : PRIORITY.prefetch),
      limitBytes: () => this.limitBytes(),
      stored: async () => void (await evictToFit(this.index, this.blobs, this.limitBytes())),
      changed: (workspaceId, fileId) => deps.events.emit('page-images-changed', { workspaceId, fileIds: [fileId] }),
      clock: deps.clock,
      concurrency: options.concurrency,
    });
  }

  /** Keeps the links of pulled records and starts downloading what they add. */
  noteLinks(workspaceId: string, records: readonly FileRecord[]): void {
    if (this.index.noteLinks(workspaceId, records, this.deps.clock.now()) > 0 && this.online) this.downloader.kick();
  }

  /** Files a clerk is likely to open soon (a work queue being taken offline): their pages come before plain prefetch. */
  prefer(workspaceId: string, fileIds: readonly string[], priority: number = PRIORITY.queue): void {
    this.index.prefer(workspaceId, fileIds, priority, this.deps.clock.now());
    if (this.online) this.downloader.kick();
  }

  /** Files a clerk takes offline: their pages come before plain prefetch, evicted ones included. */
  keepOffline(workspaceId: string, fileIds: readonly string[]): void {
    this.index.restore(workspaceId, fileIds);
    this.prefer(workspaceId, fileIds, PRIORITY.queue);
  }

  /** The picture of one page from the cache; asking for it moves its file to the front of the downloads. */
  async get(ref: PageImageRef): Promise<PageImageAnswer> {
    const now = this.deps.clock.now();
    this.index.prefer(ref.workspace_id, [ref.file_id], PRIORITY.opened, now);
    const row = this.index.row(ref.workspace_id, ref.file_id, ref.page);
    if (!row) return this.unlinked(ref);
    if (row.state === 'unavailable') return { state: 'unavailable', reason: row.reason ?? 'the server has no picture of this page', pending: false };
    if (row.state === 'cached' && row.hash !== null) {
      const bytes = await this.blobs.read(row.hash);
      if (bytes) {
        this.index.touch(row, now);
        return { state: 'ready', mime_type: row.mime_type ?? 'application/octet-stream', bytes };
      }
    }
    if (row.state !== 'queued') this.index.requeue(row, PRIORITY.opened, now);
    return this.waiting();
  }

  info(): PageImageCacheInfo {
    const { bytes, pages } = this.index.totals();
    return { size_bytes: bytes, limit_bytes: this.limitBytes(), pages, files: this.index.cachedFiles() };
  }

  async setLimit(limitBytes: number): Promise<PageImageCacheInfo> {
    this.meta.set(LIMIT_KEY, limitBytes);
    await evictToFit(this.index, this.blobs, limitBytes);
    if (this.online) this.downloader.kick();
    return this.info();
  }

  /** Empties the folder; pages come back when they are wanted again. */
  async clear(): Promise<PageImageCacheInfo> {
    this.index.evictAll();
    await this.blobs.removeAll();
    return this.info();
  }

  /** Drops the pages of files gone from the cache, and their pictures unless another page shows them; answers how many pictures went. */
  async dropOrphans(): Promise<number> {
    const gone = this.index.dropOrphans().filter((hash) => !this.index.shows(hash));
    for (const hash of gone) await this.blobs.remove(hash);
    return gone.length;
  }

  /** Follows the sync engine's mode: downloads resume when it is online again, and wait while it is not. */
  setOnline(online: boolean): void {
    this.online = online;
    if (online) this.downloader.kick();
  }

  /** Resolves when no download is running. */
  idle(): Promise<void> {
    return this.downloader.idle();
  }

  stop(): Promise<void> {
    return this.downloader.stop();
  }

  limitBytes(): number {
    return this.meta.get<number>(LIMIT_KEY) ?? this.options.limitBytes;
  }

  /** A page with no link yet (pulled before links were asked for, or a child not yet re-read): the downloader asks for one. */
  private unlinked(ref: PageImageRef): PageImageAnswer {
    const file = this.deps.files.row(ref.workspace_id, ref.file_id);
    if (!file) return { state: 'unavailable', reason: 'this file is not in the cache; sync first', pending: false };
    if (ref.page >= file.total_page_num) return { state: 'unavailable', reason: `the file has ${file.total_page_num} pages`, pending: false };
    this.index.addUnlinked({ workspace_id: ref.workspace_id, task_id: file.task_id, page: ref.page }, ref.file_id, this.deps.clock.now());
    return this.waiting();
  }

  private waiting(): PageImageAnswer {
    const offline = !this.online || this.downloader.offline;
    if (this.online) this.downloader.kick();
    return offline ? { state: 'unavailable', reason: 'offline: the picture downloads when the connection returns', pending: true } : { state: 'downloading' };
  }
}
