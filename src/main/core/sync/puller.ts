import { setImmediate } from 'node:timers/promises';
import { LIMITS, VerificationStatus, type FileFetchQuery, type FileRecord } from '../../../shared/api/index.js';
import type { DocketClient } from '../api/index.js';
import { Meta } from '../store/meta.js';
import { readAhead } from './read-ahead.js';
import type { SyncContext } from './sync-context.js';

export interface PullOptions {
  /** Records per /file/fetch page; documents make pages heavy, so fewer than the maximum. */
  pageSize: number;
  /** The watermark is set this far back, so that records updated while a pull ran, or on a skewed clock, are fetched again. */
  overlapMs: number;
  /** Fetch documents with the records, so that files open and search offline. */
  withDocuments: boolean;
  /** Batches of in-progress files asked for per fast poll. */
  inProgressBatches: number;
  /** Ask for page image links, so that the image cache can download the pages. */
  withImageUrls: boolean;
  /** Passes over the window repeated when the total changed during paging. */
  maxPasses: number;
  /** Pages requested ahead of the one being stored, so that the server works while the cache writes. */
  readAhead: number;
  /** Records written in one transaction: large enough to write fast, small enough that the UI's calls wait little between two. */
  recordsPerWrite: number;
}

export const DEFAULT_PULL_OPTIONS: PullOptions = { pageSize: 200, overlapMs: 2_000, withDocuments: true, withImageUrls: true, inProgressBatches: 10, maxPasses: 3, readAhead: 2, recordsPerWrite: 50 };

interface PassResult {
  stable: boolean;
  records: number;
  maxUpdatedMs: number | undefined;
  undated: boolean;
}

/** RFC 3339 to the second, as the contract writes it; rounded down, so the window only grows. */
export function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Brings server changes into the cache: /file/fetch by update-time watermark (with overlap),
 * page by page, each page one transaction; deleted files are asked for separately (verification
 * status 4), as /file/fetch leaves them out otherwise.
 */
export class Puller {
  private readonly meta: Meta;

  constructor(
    private readonly context: SyncContext,
    private readonly client: DocketClient,
    private readonly options: PullOptions = DEFAULT_PULL_OPTIONS,
  ) {
    this.meta = new Meta(context.db.bulk);
  }

  watermark(workspaceId: string): number | undefined {
    return this.meta.get<number>(`watermark:files:${workspaceId}`);
  }

  /** Answers the number of records received. */
  async pullFiles(workspaceId: string, signal: AbortSignal): Promise<number> {
    const startedMs = this.context.clock.now();
    const watermark = this.watermark(workspaceId);
    const base: FileFetchQuery = { workspace_id: workspaceId, ...(watermark === undefined ? {} : { start_time: rfc3339(watermark) }) };
    // A first pull has no use for files deleted before it; later ones learn of deletions.
    const views: FileFetchQuery[] = watermark === undefined ? [base] : [base, { ...base, verification_status: VerificationStatus.deleted }];
    const passes: PassResult[] = [];
    for (const query of views) passes.push(await this.pass(query, signal));
    const records = passes.reduce((n, p) => n + p.records, 0);
    if (passes.some((p) => !p.stable)) return records;
    const next = nextWatermark(passes, watermark, startedMs, this.options.overlapMs);
    if (next !== watermark) this.meta.set(`watermark:files:${workspaceId}`, next);
    return records;
  }

  /** Re-reads the batches of files still being processed, documents included once they are done. */
  async pollInProgress(workspaceId: string, signal: AbortSignal): Promise<number> {
    let records = 0;
    for (const batch of this.context.files.inProgressBatches(workspaceId, this.options.inProgressBatches)) {
      records += (await this.pass({ workspace_id: workspaceId, batch_number: batch }, signal)).records;
    }
    return records;
  }

  /** All pages of one query; restarted when the total moves (a file created or deleted meanwhile shifts the pages). */
  private async pass(query: FileFetchQuery, signal: AbortSignal): Promise<PassResult> {
    const result: PassResult = { stable: false, records: 0, maxUpdatedMs: undefined, undated: false };
    for (let pass = 0; pass < this.options.maxPasses && !result.stable; pass++) result.stable = await this.pages(query, result, signal);
    return result;
  }

  /** The first page, then the others read ahead, each stored in turn; false when the total moved meanwhile. */
  private async pages(query: FileFetchQuery, result: PassResult, signal: AbortSignal): Promise<boolean> {
    const pageSize = Math.min(this.options.pageSize, LIMITS.fetchPageSizeMax);
    const options = { page_size: pageSize, with_document: this.options.withDocuments, ...(this.options.withImageUrls ? { with_image_url: true } : {}) };
    const fetchPage = (page: number, pageSignal: AbortSignal) => this.client.files.fetch({ ...query, ...options, page }, { signal: pageSignal });
    const first = await fetchPage(1, signal);
    const last = first.files.length < pageSize ? 1 : Math.ceil(first.total / pageSize);
    await this.store(query.workspace_id as string, first.files, result);
    for await (const list of readAhead(fetchPage, { first: 2, last }, this.options.readAhead, signal)) {
      if (list.total !== first.total) return false;
      await this.store(query.workspace_id as string, list.files, result);
    }
    return true;
  }

  /** One page, `recordsPerWrite` records to a transaction; the event loop runs before each, so that IPC is answered and the pages read ahead go out. */
  private async store(workspaceId: string, records: readonly FileRecord[], result: PassResult): Promise<void> {
    result.records += records.length;
    for (const record of records) {
      const updated = record.updated_at === undefined ? Number.NaN : Date.parse(record.updated_at);
      if (Number.isNaN(updated)) result.undated = true;
      else result.maxUpdatedMs = Math.max(result.maxUpdatedMs ?? updated, updated);
    }
    for (let start = 0; start < records.length; start += this.options.recordsPerWrite) {
      await setImmediate();
      const slice = records.slice(start, start + this.options.recordsPerWrite);
      const changed = this.context.files.upsertServerRecords(workspaceId, slice, this.context.clock.now());
      this.context.pageLinks?.noteLinks(workspaceId, slice);
      if (changed.length > 0) this.context.events.emit('files-changed', { workspaceId, fileIds: changed, origin: 'server' });
    }
  }
}

/**
 * The next lower bound: the newest update seen, but never later than this pull's start by the
 * local clock (a record changed while the pages were read may have been missed), less the overlap.
 * Servers that do not date their records get the pull's start less the overlap.
 */
export function nextWatermark(passes: readonly Pick<PassResult, 'maxUpdatedMs' | 'undated'>[], current: number | undefined, startedMs: number, overlapMs: number): number | undefined {
  if (passes.some((p) => p.undated)) return startedMs - overlapMs;
  const newest = passes.reduce<number | undefined>((max, p) => (p.maxUpdatedMs === undefined ? max : Math.max(max ?? p.maxUpdatedMs, p.maxUpdatedMs)), undefined);
  if (newest === undefined) return current;
  const next = Math.min(newest, startedMs) - overlapMs;
  return current === undefined ? next : Math.max(current, next);
}
