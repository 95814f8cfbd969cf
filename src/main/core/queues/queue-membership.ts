import type { z } from 'zod';
import { RecognitionStatus, TaskType, VerificationStatus } from '../../../shared/api/index.js';
import type { ReviewQueue } from '../../../shared/ipc/channels/queues.js';

/** A field read with less confidence than this, or left empty, is for a clerk to proofread. */
export const PROOFREAD_CONFIDENCE = 0.8;

/** Rule verdicts (review_result) of a review task's result: 2 is a rule that failed. */
const RULE_FAILED = 2;

// A split or crop parent carries no fields of its own: its children are proofread and classified.
const extracted = `f.recognition_status = ${RecognitionStatus.success} AND f.task_type <> ${TaskType.parent}`;

/**
 * Which cached files belong in each queue, as a condition on `files f` (deleted files never do).
 * Written out rather than bound, so that each queue is one fixed statement.
 */
const MEMBERSHIP: Record<z.infer<typeof ReviewQueue>, string> = {
  proofread: `${extracted} AND EXISTS (
    SELECT 1 FROM file_bodies b, json_each(b.data, '$.fields') field
    WHERE b.rid = f.rid AND (json_extract(field.value, '$.value') = '' OR json_extract(field.value, '$.confidence') < ${PROOFREAD_CONFIDENCE}))`,
  invoice_failed: `f.invoice_status = 'failed'`,
  // Review results name the extract tasks they covered; any failed rule puts each of them here.
  rules_failed: `EXISTS (
    SELECT 1 FROM review_tasks rt, json_each(rt.result, '$.extract_task_ids') covered,
      json_each(rt.result, '$.groups') grp, json_each(grp.value, '$.review_tasks') rule
    WHERE rt.workspace_id = f.workspace_id AND rt.deleted = 0 AND covered.value = f.task_id
      AND json_extract(rule.value, '$.review_result') = ${RULE_FAILED})`,
  classification: `${extracted} AND f.category = ''`,
  recognition_failed: `f.recognition_status = ${RecognitionStatus.failed}`,
};

/** The files of a queue in a workspace (one bound argument: the workspace id). */
export function queueMembers(queue: z.infer<typeof ReviewQueue>): string {
  return `f.workspace_id = ? AND f.verification_status <> ${VerificationStatus.deleted} AND ${MEMBERSHIP[queue]}`;
}

/** A member the clerk marked done and that has not changed since (one bound argument: the queue). */
export const MARKED_DONE = `EXISTS (
  SELECT 1 FROM queue_done d WHERE d.workspace_id = f.workspace_id AND d.queue = ? AND d.file_id = f.file_id
    AND coalesce(f.updated_ms, 0) <= coalesce(d.file_updated_ms, 0))`;
