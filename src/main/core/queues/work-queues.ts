import type { z } from 'zod';
import type { FileListPage, FileSummary } from '../../../shared/ipc/channels/files.js';
import { REVIEW_QUEUES, queueChannels, type ReviewQueue } from '../../../shared/ipc/channels/queues.js';
import type { Clock } from '../clock.js';
import { CoreError, parseInput } from '../core-error.js';
import type { Journal } from '../journal/journal.js';
import { journalSubject } from '../journal/journal-subject.js';
import { prepared, type Db } from '../store/cache-db.js';
import { SUMMARY_COLUMNS } from '../store/file-list-query.js';
import { MARKED_DONE, queueMembers } from './queue-membership.js';

type Queue = z.infer<typeof ReviewQueue>;
const ListArgs = queueChannels['queues.list'].args;
const MarkArgs = queueChannels['queues.markDone'].args;
export type QueueCounts = z.infer<typeof queueChannels['queues.counts']['result']>;

/**
 * The clerk's worklists, computed from the cache so that they work offline: what to proofread,
 * invoices that failed verification, files whose review rules failed, unclassified files and
 * failed recognitions. A file marked done leaves its queue until it changes again.
 */
export class WorkQueues {
  constructor(
    private readonly db: Db,
    private readonly journal: Journal,
    private readonly clock: Clock,
  ) {}

  counts(workspaceId: string): QueueCounts {
    // One read transaction: the counts describe the same moment.
    return this.db.transaction(() => {
      const entries = REVIEW_QUEUES.map((queue) => {
        const { total, done } = prepared(this.db, `SELECT count(*) AS total, coalesce(sum(${MARKED_DONE}), 0) AS done FROM files f WHERE ${queueMembers(queue)}`)
          .get(queue, workspaceId) as { total: number; done: number };
        return [queue, { open: total - done, done }] as const;
      });
      return Object.fromEntries(entries) as QueueCounts;
    })();
  }

  /** Oldest change first, file id breaking ties: a stable order to step through with next and previous. */
  list(input: z.input<typeof ListArgs>): FileListPage {
    const { workspace_id, queue, include_done, page, page_size } = parseInput(ListArgs, input, 'queue list');
    const where = `${queueMembers(queue)}${include_done ? '' : ` AND NOT ${MARKED_DONE}`}`;
    const args = include_done ? [workspace_id] : [workspace_id, queue];
    return this.db.transaction(() => {
      const files = prepared(this.db, `SELECT ${SUMMARY_COLUMNS} FROM files f WHERE ${where} ORDER BY f.updated_ms ASC, f.file_id ASC LIMIT ? OFFSET ?`)
        .all(...args, page_size, (page - 1) * page_size) as FileSummary[];
      const total = prepared(this.db, `SELECT count(*) FROM files f WHERE ${where}`).pluck().get(...args) as number;
      return { total, page, page_size, files };
    })();
  }

  /** Marks a file done in a queue (or open again), kept in the cache and journalled in one transaction. */
  markDone(input: z.input<typeof MarkArgs>): void {
    const { workspace_id, queue, file_id, done } = parseInput(MarkArgs, input, 'mark done');
    this.db.transaction(() => {
      const file = prepared(this.db, 'SELECT updated_ms FROM files WHERE workspace_id = ? AND file_id = ?').get(workspace_id, file_id) as { updated_ms: number | null } | undefined;
      if (file === undefined) throw new CoreError('NOT_FOUND', `file ${file_id} is not in the cache of workspace ${workspace_id}`);
      this.mark(workspace_id, queue, file_id, done ? file.updated_ms : undefined);
      this.journal.append({ kind: done ? 'queue.done' : 'queue.reopened', subject: journalSubject('file', workspace_id, file_id), detail: { queue } });
    }).immediate();
  }

  /** Every open file id of a queue, in list order. */
  openFileIds(workspaceId: string, queue: Queue): string[] {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const { files, total } = this.list({ workspace_id: workspaceId, queue, page, page_size: 1000 });
      ids.push(...files.map((f) => f.file_id));
      if (files.length === 0 || ids.length >= total) return ids;
    }
  }

  /** Records the mark with the file's updated_ms, or removes it (`undefined`). */
  private mark(workspaceId: string, queue: Queue, fileId: string, updatedMs: number | null | undefined): void {
    if (updatedMs === undefined) {
      prepared(this.db, 'DELETE FROM queue_done WHERE workspace_id = ? AND queue = ? AND file_id = ?').run(workspaceId, queue, fileId);
      return;
    }
    prepared(
      this.db,
      `INSERT INTO queue_done (workspace_id, queue, file_id, file_updated_ms, marked_ms) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, queue, file_id) DO UPDATE SET file_updated_ms = excluded.file_updated_ms, marked_ms = excluded.marked_ms`,
    ).run(workspaceId, queue, fileId, updatedMs, this.clock.now());
  }
}
