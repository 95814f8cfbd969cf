import { IN_PROGRESS_STATUSES, ReviewStatus } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Job, JobRunner } from '../jobs/job-queue.js';
import { reviewTaskResult } from '../review/task-result.js';
import { fetchTask, findFile } from '../store/file-store.js';
import { findReviewTask } from '../store/review-store.js';
import { findWorkspace } from '../store/workspace-store.js';
import { deliver, type DeliveryOptions } from './callback-delivery.js';

/** The body a workspace's callback_url receives (docs/api-coverage.md, "Callbacks"). */
export type CallbackEvent = 'file.processed' | 'review.finished';

export interface WorkspaceCallbacks {
  /** After a file job: the file, and its parent, that have ended since their last callback. */
  fileJobEnded(fileId: string): void;
  reviewJobEnded(reviewTaskId: string): void;
}

export function createWorkspaceCallbacks(deps: EngineDeps, options: DeliveryOptions): WorkspaceCallbacks {
  // One callback per run of a file: a job that ends twice for one run (a give-up after a crash) sends once.
  const sentRuns = new Set<string>();
  const send = (workspaceId: string, event: CallbackEvent, taskId: string, result: () => object) => {
    const workspace = findWorkspace(deps, workspaceId);
    if (!workspace?.callback_url) return;
    const body = { event, workspace_id: workspaceId, task_id: taskId, result: result() };
    void deliver(workspace.callback_url, body, workspace.callback_retry_time ?? 0, options);
  };
  const fileEnded = (fileId: string) => {
    const row = findFile(deps, fileId);
    if (!row || (IN_PROGRESS_STATUSES as readonly number[]).includes(row.recognition_status)) return;
    const run = `${row.id}:${row.run_id}`;
    if (sentRuns.has(run)) return;
    sentRuns.add(run);
    send(row.workspace_id, 'file.processed', row.task_id, () => fetchTask(deps, row.workspace_id, row.task_id, '').files?.[0] ?? {});
    if (row.parent_task_id) {
      const parent = deps.db.prepare('SELECT id FROM files WHERE task_id = ?').pluck().get(row.parent_task_id) as string | undefined;
      if (parent) fileEnded(parent);
    }
  };
  return {
    fileJobEnded: (fileId) => guarded(options, () => fileEnded(fileId)),
    reviewJobEnded: (taskId) =>
      guarded(options, () => {
        const task = findReviewTask(deps, taskId);
        if (task && (task.status === ReviewStatus.approved || task.status === ReviewStatus.failed)) {
          send(task.workspace_id, 'review.finished', task.id, () => reviewTaskResult(deps, task.workspace_id, task.id));
        }
      }),
  };
}

/** A runner that tells `ended` after each job, however it went; the callback side never fails the job. */
export function notifyingRunner(runner: JobRunner, ended: (job: Job) => void): JobRunner {
  return {
    async run(job) {
      try {
        await runner.run(job);
      } finally {
        ended(job);
      }
    },
    giveUp(job, reason) {
      runner.giveUp(job, reason);
      ended(job);
    },
  };
}

function guarded(options: DeliveryOptions, work: () => void): void {
  try {
    work();
  } catch (error) {
    options.log(`callback skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}
