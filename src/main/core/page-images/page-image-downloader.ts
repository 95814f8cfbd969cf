import type { Clock } from '../clock.js';
import type { PageImageBlobs } from './page-image-blobs.js';
import type { FetchPageImage, PageImageOutcome } from './page-image-fetch.js';
import { pageKeyText, type PageImageIndex, type PageImageRow } from './page-image-index.js';

/** What a fresh link comes to: noted in the index, or why there is none. */
export type RelinkResult = { kind: 'done' } | { kind: 'offline' } | { kind: 'failed'; reason: string };

export interface PageImageDownloaderDeps {
  index: PageImageIndex;
  blobs: PageImageBlobs;
  fetchImage: FetchPageImage;
  /** Asks the server for the file again (file/fetch by task id with image links) and notes its links. */
  relink: (workspaceId: string, taskId: string, signal: AbortSignal) => Promise<RelinkResult>;
  /** Pages below this priority wait (prefetch stops when the cache is nearly full). */
  minPriority: () => number;
  /** Bytes the cache may hold; a larger picture is never kept. */
  limitBytes: () => number;
  /** After a picture was stored: keep the cache under its limit. */
  stored: () => Promise<void>;
  /** A page of this file got its picture, or turned out to have none. */
  changed: (workspaceId: string, fileId: string) => void;
  clock: Clock;
  concurrency: number;
}

/**
 * The background job that fills the image cache: a few downloads at a time, most wanted page
 * first, never in the way of the core's other work. Offline, it stops and leaves the queue as it
 * is until kicked again.
 */
export class PageImageDownloader {
  readonly #busy = new Set<string>();
  readonly #workers = new Set<Promise<void>>();
  readonly #abort = new AbortController();
  #offline = false;
  #stopped = false;

  constructor(private readonly deps: PageImageDownloaderDeps) {}

  /** True after a download found no connection, until the next kick. */
  get offline(): boolean {
    return this.#offline;
  }

  /** Starts workers up to the concurrency, if there is work; cheap to call often. */
  kick(): void {
    if (this.#stopped) return;
    this.#offline = false;
    while (this.#workers.size < this.deps.concurrency && this.deps.index.nextQueued(this.deps.minPriority(), this.#busy)) {
      const worker = this.work().finally(() => this.#workers.delete(worker));
      this.#workers.add(worker);
    }
  }

  /** Resolves when no download is running (for tests and a clean close). */
  async idle(): Promise<void> {
    while (this.#workers.size > 0) await Promise.all([...this.#workers]);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#abort.abort();
    await this.idle();
  }

  private async work(): Promise<void> {
    for (;;) {
      if (this.#stopped || this.#offline) return;
      const row = this.deps.index.nextQueued(this.deps.minPriority(), this.#busy);
      if (!row) return;
      const key = pageKeyText(row);
      this.#busy.add(key);
      try {
        await this.download(row);
      } catch (error) {
        if (this.#abort.signal.aborted) return;
        this.deps.index.markWithout(row, 'failed', (error as Error).message);
      } finally {
        this.#busy.delete(key);
      }
    }
  }

  /** One page: its link (fresh if it has none or it is refused, once), then what the answer means. */
  private async download(row: PageImageRow): Promise<void> {
    let current: PageImageRow | undefined = row.url === null ? await this.relinked(row) : row;
    if (!current?.url) return;
    let outcome = await this.deps.fetchImage(current.url, this.#abort.signal);
    if (outcome.kind === 'refused') {
      // Links expire (30 days on the published service): a fresh one is a file/fetch away, and the clerk need not know.
      current = await this.relinked(current);
      if (!current?.url) return;
      outcome = await this.deps.fetchImage(current.url, this.#abort.signal);
      if (outcome.kind === 'refused') outcome = { kind: 'failed', reason: `refused even with a fresh link: ${outcome.reason}` };
    }
    await this.settle(current, outcome);
  }

  private async settle(row: PageImageRow, outcome: PageImageOutcome): Promise<void> {
    const { index } = this.deps;
    switch (outcome.kind) {
      case 'ok':
        if (outcome.bytes.length > this.deps.limitBytes()) {
          index.markWithout(row, 'unavailable', `the picture (${outcome.bytes.length} bytes) is larger than the whole image cache`);
          break;
        }
        index.markCached(row, { hash: await this.deps.blobs.put(outcome.bytes), size: outcome.bytes.length, mimeType: outcome.mimeType }, this.deps.clock.now());
        await this.deps.stored();
        break;
      case 'offline':
        this.#offline = true;
        return;
      case 'no-picture':
        index.markWithout(row, 'unavailable', outcome.reason);
        break;
      default:
        index.markWithout(row, 'failed', outcome.reason);
    }
    this.deps.changed(row.workspace_id, row.file_id);
  }

  /** The row again after the server gave fresh links, or undefined when there is none to try now. */
  private async relinked(row: PageImageRow): Promise<PageImageRow | undefined> {
    const result = await this.deps.relink(row.workspace_id, row.task_id, this.#abort.signal);
    if (result.kind === 'offline') {
      this.#offline = true;
      return undefined;
    }
    if (result.kind === 'failed') {
      this.deps.index.markWithout(row, 'failed', result.reason);
      return undefined;
    }
    const fresh = this.deps.index.byKey(row);
    if (!fresh?.url) {
      this.deps.index.markWithout(row, 'unavailable', 'the server gives no picture of this page');
      this.deps.changed(row.workspace_id, row.file_id);
      return undefined;
    }
    return fresh;
  }
}
