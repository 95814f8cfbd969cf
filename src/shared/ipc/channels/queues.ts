import { z } from 'zod';
import { Done, invokeSpec } from '../invoke-spec.js';
import { WorkspaceArgs } from '../local-change.js';
import { FileListPage } from './files.js';

/** Worklists a clerk works through one document after another, offline included. */
export const REVIEW_QUEUES = ['proofread', 'invoice_failed', 'rules_failed', 'classification', 'recognition_failed'] as const;
export const ReviewQueue = z.enum(REVIEW_QUEUES);

const QueueArgs = WorkspaceArgs.extend({ queue: ReviewQueue });

export const queueChannels = {
  'queues.counts': invokeSpec(
    WorkspaceArgs,
    z.record(ReviewQueue, z.object({ open: z.number().int().nonnegative(), done: z.number().int().nonnegative() })),
  ),
  'queues.list': invokeSpec(
    QueueArgs.extend({ include_done: z.boolean().default(false), page: z.number().int().min(1).default(1), page_size: z.number().int().min(1).max(1000).default(100) }),
    FileListPage,
  ),
  /** Kept locally and in the journal. */
  'queues.markDone': invokeSpec(QueueArgs.extend({ file_id: z.string().min(1), done: z.boolean() }), Done),
  /** One action to take a whole queue offline. */
  'queues.prefetch': invokeSpec(QueueArgs, z.object({ fetched: z.number().int() })),
} as const;
