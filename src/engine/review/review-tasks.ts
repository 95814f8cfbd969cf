import type { z } from 'zod';
import { ReviewStatus, currentReviewModel, type ReviewModel, type ReviewTaskSubmitBody } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { stateConflict, unknownId } from '../http/engine-error.js';
import {
  deleteReviewTasks,
  insertReviewTask,
  requireRepo,
  requireReviewTask,
  resetRuleResults,
  rulesOfRepo,
  setReviewTaskStatus,
  snapshotOf,
  type ReviewTaskRow,
} from '../store/review-store.js';
import { resolveExtractTaskIds } from './review-files.js';
import { IN_FLIGHT_TASK_STATUSES } from './result-values.js';

/** The model of a new repository; a task without a model uses its repository's. */
export const DEFAULT_REVIEW_MODEL: ReviewModel = 'alpha-v4-pro';

/** The task, one pending result per rule and its job, in one transaction: a crash leaves all or nothing. */
export function submitReviewTask(deps: EngineDeps, body: z.output<typeof ReviewTaskSubmitBody>): { task_id: string; model: string } {
  const repo = requireRepo(deps, body.workspace_id, body.repo_id);
  const extractTaskIds = resolveExtractTaskIds(deps, body.workspace_id, body.extract_task_ids ?? [], body.batch_number);
  const rules = rulesOfRepo(deps, repo.id);
  if (rules.length === 0) throw stateConflict(`rule repository ${repo.id} has no rules to review with`);
  const model = body.model === undefined ? repo.default_model : currentReviewModel(body.model);
  const taskId = deps.db.transaction(() => {
    const id = insertReviewTask(
      deps,
      { workspace_id: body.workspace_id, name: body.name, repo_id: repo.id, model, extractTaskIds, status: ReviewStatus.queued },
      rules.map(snapshotOf),
    );
    deps.queue.enqueue('review_task', id);
    return id;
  })();
  return { task_id: taskId, model };
}

function requireSettled(deps: EngineDeps, workspaceId: string, taskId: string): ReviewTaskRow {
  const task = requireReviewTask(deps, workspaceId, taskId);
  if (IN_FLIGHT_TASK_STATUSES.includes(task.status)) throw stateConflict(`review task ${taskId} is still running (status ${task.status}); retry it once it has finished`);
  return task;
}

/** The whole task, or one rule of it when ruleId is given, goes back to pending and is queued again. */
export function retryReviewTask(deps: EngineDeps, workspaceId: string, taskId: string, ruleId?: string): void {
  const task = requireSettled(deps, workspaceId, taskId);
  deps.db.transaction(() => {
    if (resetRuleResults(deps, task.id, ruleId) === 0 && ruleId !== undefined) throw unknownId(`rule of review task ${task.id}`, ruleId);
    setReviewTaskStatus(deps, task.id, ReviewStatus.queued);
    deps.queue.enqueue('review_task', task.id);
  })();
}

/** All or nothing: one unknown id deletes none. */
export function deleteReviewTasksOf(deps: EngineDeps, workspaceId: string, taskIds: readonly string[]): void {
  deps.db.transaction(() => {
    for (const id of taskIds) requireReviewTask(deps, workspaceId, id);
    deleteReviewTasks(deps, [...new Set(taskIds)]);
  })();
}
