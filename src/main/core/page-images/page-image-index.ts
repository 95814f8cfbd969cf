import type { FileRecord } from '../../../shared/api/index.js';
import { prepared, type Db } from '../store/cache-db.js';

export type PageImageState = 'queued' | 'cached' | 'unavailable' | 'failed' | 'evicted';

/** How urgently a page is wanted: the clerk opened its file, its file is in a work queue, or only new. */
export const PRIORITY = { prefetch: 0, queue: 1, opened: 2 } as const;

export interface PageKey {
  workspace_id: string;
  task_id: string;
  page: number;
}

export interface PageImageRow extends PageKey {
  file_id: string;
  url: string | null;
  url_ms: number | null;
  state: PageImageState;
  hash: string | null;
  size: number | null;
  mime_type: string | null;
  reason: string | null;
  priority: number;
  wanted_ms: number;
  last_access_ms: number | null;
}

const KEY = 'workspace_id = @workspace_id AND task_id = @task_id AND page = @page';

/** The page_images table: each page's link and where its picture stands in the image cache. */
export class PageImageIndex {
  constructor(private readonly db: Db) {}

  /**
   * Keeps the links of pulled records (children included), in one transaction. A new page is
   * queued for prefetch, newest file first; a page that failed gets another go with a fresh link.
   * Answers how many pages are waiting for a download because of these links.
   */
  noteLinks(workspaceId: string, records: readonly FileRecord[], nowMs: number): number {
    const upsert = prepared(
      this.db,
      `INSERT INTO page_images (workspace_id, task_id, page, file_id, url, url_ms, wanted_ms)
       VALUES (@workspace_id, @task_id, @page, @file_id, @url, @now, @wanted_ms)
       ON CONFLICT (workspace_id, task_id, page) DO UPDATE SET
         url = excluded.url, url_ms = excluded.url_ms, file_id = excluded.file_id,
         state = CASE WHEN state = 'failed' THEN 'queued' ELSE state END
       RETURNING state`,
    );
    return this.db.transaction(() => {
      let queued = 0;
      for (const record of records) {
        // Newest files first: children are as new as their parent.
        const wanted = (record.updated_at === undefined ? nowMs : Date.parse(record.updated_at)) || nowMs;
        for (const file of [record, ...(record.child_files ?? [])]) {
          file.pages.forEach((info, page) => {
            if (info.image_url === undefined || info.image_url === '') return;
            const row = upsert.get({ workspace_id: workspaceId, task_id: file.task_id, page, file_id: file.id, url: info.image_url, now: nowMs, wanted_ms: wanted }) as { state: PageImageState };
            if (row.state === 'queued') queued++;
          });
        }
      }
      return queued;
    })();
  }

  row(workspaceId: string, fileId: string, page: number): PageImageRow | undefined {
    return prepared(this.db, 'SELECT * FROM page_images WHERE workspace_id = ? AND file_id = ? AND page = ?').get(workspaceId, fileId, page) as PageImageRow | undefined;
  }

  byKey(key: PageKey): PageImageRow | undefined {
    return prepared(this.db, `SELECT * FROM page_images WHERE ${KEY}`).get(keyOf(key)) as PageImageRow | undefined;
  }

  /** A page the clerk asked for before any link arrived: queued without one, so that the downloader asks for it. */
  addUnlinked(key: PageKey, fileId: string, nowMs: number): void {
    prepared(
      this.db,
      `INSERT INTO page_images (workspace_id, task_id, page, file_id, priority, wanted_ms) VALUES (@workspace_id, @task_id, @page, @file_id, ${PRIORITY.opened}, @now)
       ON CONFLICT (workspace_id, task_id, page) DO NOTHING`,
    ).run({ ...keyOf(key), file_id: fileId, now: nowMs });
  }

  /** The next pages to download, most wanted first, leaving out those already being downloaded. */
  nextQueued(minPriority: number, busy: ReadonlySet<string>): PageImageRow | undefined {
    const rows = prepared(this.db, "SELECT * FROM page_images WHERE state = 'queued' AND priority >= ? ORDER BY priority DESC, wanted_ms DESC LIMIT ?").all(minPriority, busy.size + 1) as PageImageRow[];
    return rows.find((row) => !busy.has(pageKeyText(row)));
  }

  /** Moves every page of these files up to `priority` (never down), most recent ask first. */
  prefer(workspaceId: string, fileIds: readonly string[], priority: number, nowMs: number): void {
    const update = prepared(this.db, 'UPDATE page_images SET priority = MAX(priority, ?), wanted_ms = ? WHERE workspace_id = ? AND file_id = ?');
    this.db.transaction(() => fileIds.forEach((id) => update.run(priority, nowMs, workspaceId, id)))();
  }

  /** The evicted pages of these files back in the queue (files a clerk takes offline); plain prefetch never undoes an eviction. */
  restore(workspaceId: string, fileIds: readonly string[]): void {
    const update = prepared(this.db, "UPDATE page_images SET state = 'queued' WHERE state = 'evicted' AND workspace_id = ? AND file_id = ?");
    this.db.transaction(() => fileIds.forEach((id) => update.run(workspaceId, id)))();
  }

  /** Back in the queue (an evicted or failed page the clerk wants again, a picture gone from the disk). */
  requeue(key: PageKey, priority: number, nowMs: number): void {
    prepared(this.db, `UPDATE page_images SET state = 'queued', hash = NULL, size = NULL, reason = NULL, priority = MAX(priority, @priority), wanted_ms = @now WHERE ${KEY}`).run({ ...keyOf(key), priority, now: nowMs });
  }

  markCached(key: PageKey, picture: { hash: string; size: number; mimeType: string }, nowMs: number): void {
    prepared(this.db, `UPDATE page_images SET state = 'cached', hash = @hash, size = @size, mime_type = @mime_type, reason = NULL, last_access_ms = @now WHERE ${KEY}`).run({
      ...keyOf(key),
      hash: picture.hash,
      size: picture.size,
      mime_type: picture.mimeType,
      now: nowMs,
    });
  }

  /** `unavailable`: the server has no picture for this page (never asked again); `failed`: asked again when wanted or re-linked. */
  markWithout(key: PageKey, state: 'unavailable' | 'failed', reason: string): void {
    prepared(this.db, `UPDATE page_images SET state = @state, reason = @reason, hash = NULL, size = NULL WHERE ${KEY}`).run({ ...keyOf(key), state, reason });
  }

  touch(key: PageKey, nowMs: number): void {
    prepared(this.db, `UPDATE page_images SET last_access_ms = @now WHERE ${KEY}`).run({ ...keyOf(key), now: nowMs });
  }

  /** Bytes on disk (each picture once, however many pages share it) and pages served from them. */
  totals(): { bytes: number; pages: number } {
    const row = prepared(
      this.db,
      "SELECT COALESCE(SUM(size), 0) AS bytes, COALESCE(SUM(n), 0) AS pages FROM (SELECT MAX(size) AS size, COUNT(*) AS n FROM page_images WHERE state = 'cached' GROUP BY hash)",
    ).get() as { bytes: number; pages: number };
    return row;
  }

  /** Files with at least one page on disk. */
  cachedFiles(): number {
    return (prepared(this.db, "SELECT COUNT(*) AS n FROM (SELECT DISTINCT workspace_id, file_id FROM page_images WHERE state = 'cached')").get() as { n: number }).n;
  }

  /**
   * Forgets the pages of files no longer in the cache (a split child the server dropped, a file
   * removed from the cache) and answers the pictures they showed, for the caller to remove from disk
   * when no other page shows them.
   */
  dropOrphans(): string[] {
    const rows = prepared(
      this.db,
      `DELETE FROM page_images WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.workspace_id = page_images.workspace_id AND f.file_id = page_images.file_id)
       RETURNING hash`,
    ).all() as { hash: string | null }[];
    return [...new Set(rows.flatMap((row) => (row.hash === null ? [] : [row.hash])))];
  }

  /** Whether some page still shows this picture. */
  shows(hash: string): boolean {
    return prepared(this.db, "SELECT 1 FROM page_images WHERE state = 'cached' AND hash = ? LIMIT 1").get(hash) !== undefined;
  }

  /** Cached pictures, least recently used first (a picture is as recent as its most recent page). */
  leastRecentlyUsed(): { hash: string; size: number }[] {
    return prepared(this.db, "SELECT hash, MAX(size) AS size, MAX(last_access_ms) AS last FROM page_images WHERE state = 'cached' GROUP BY hash ORDER BY last ASC").all() as {
      hash: string;
      size: number;
    }[];
  }

  /** Every page showing this picture is evicted (queued again only when wanted). */
  evict(hash: string): void {
    prepared(this.db, "UPDATE page_images SET state = 'evicted', hash = NULL, size = NULL WHERE state = 'cached' AND hash = ?").run(hash);
  }

  evictAll(): void {
    prepared(this.db, "UPDATE page_images SET state = 'evicted', hash = NULL, size = NULL WHERE state = 'cached'").run();
  }
}

export function pageKeyText(key: PageKey): string {
  return `${key.workspace_id}\u0000${key.task_id}\u0000${key.page}`;
}

function keyOf(key: PageKey): PageKey {
  return { workspace_id: key.workspace_id, task_id: key.task_id, page: key.page };
}
