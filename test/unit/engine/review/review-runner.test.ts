import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineError } from '../../../../src/engine/http/engine-error.js';
import type { RuleEvaluator } from '../../../../src/shared/rule-evaluation/evaluate-rule.js';
import { RULE_DELETED, createReviewRunner } from '../../../../src/engine/review/review-runner.js';
import { deleteReviewTasksOf, retryReviewTask, submitReviewTask } from '../../../../src/engine/review/review-tasks.js';
import { reviewTaskResult } from '../../../../src/engine/review/task-result.js';
import { deleteRule, findReviewTask, ruleResultsOf } from '../../../../src/engine/store/review-store.js';
import { ReviewStatus } from '../../../../src/shared/api/index.js';
import { addCategory, addFile, addRepo, claimJob, reviewDeps, setFileStatus, softDeleteFile } from './review-fixture.js';

let deps: ReturnType<typeof reviewDeps>;
let ws: string;
const passing: RuleEvaluator = () => ({ outcome: 'pass', reasoning: 'all good', anchors: [] });

beforeEach(() => {
  deps = reviewDeps();
  ws = deps.workspaceId;
});

function submit(repoId: string, extractTaskIds: string[], extra: { model?: 'beta-32b'; batch_number?: string } = {}) {
  return submitReviewTask(deps, { workspace_id: ws, name: 'review', repo_id: repoId, extract_task_ids: extractTaskIds, ...extra });
}

async function runQueued(evaluate: RuleEvaluator = passing, options = {}) {
  const runner = createReviewRunner(deps, { evaluate, recheckMs: 0, ...options });
  const job = claimJob(deps);
  if (!job) throw new Error('no review job queued');
  await runner.run(job);
  return runner;
}

function expectEngineError(run: () => unknown, kind: EngineError['kind']) {
  expect(run).toThrow(expect.objectContaining({ kind }) as unknown as Error);
}

describe('submitReviewTask', () => {
  it('stores a queued task with one pending result per rule and enqueues its job', () => {
    const { repoId } = addRepo(deps, ws, [{}, {}]);
    const created = submit(repoId, [addFile(deps, ws, { name: 'a.txt' })]);
    expect(created.model).toBe('alpha-v4-pro');
    expect(findReviewTask(deps, created.task_id)?.status).toBe(ReviewStatus.queued);
    expect(ruleResultsOf(deps, created.task_id).map((r) => [r.outcome, r.reviewResult])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(claimJob(deps)).toMatchObject({ kind: 'review_task', subject: created.task_id });
  });

  it('answers a deprecated model with its replacement', () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    expect(submit(repoId, [addFile(deps, ws, { name: 'a.txt' })], { model: 'beta-32b' }).model).toBe('beta3.6-plus');
  });

  it('expands a batch to its top-level tasks', () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const parent = addFile(deps, ws, { name: 'bundle.pdf', batchNumber: 'B7' });
    addFile(deps, ws, { name: 'part.pdf', batchNumber: 'B7', parentTaskId: parent });
    const other = addFile(deps, ws, { name: 'other.txt', batchNumber: 'B7' });
    const { task_id } = submitReviewTask(deps, { workspace_id: ws, name: 'batch', repo_id: repoId, batch_number: 'B7' });
    expect(findReviewTask(deps, task_id)?.extractTaskIds).toEqual([parent, other]);
  });

  it('refuses unknown tasks, unknown batches and a repository without rules', () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    expectEngineError(() => submit(repoId, ['123']), 'unknownId');
    expectEngineError(() => submitReviewTask(deps, { workspace_id: ws, name: 'x', repo_id: repoId, batch_number: 'nope' }), 'unknownId');
    const deleted = addFile(deps, ws, { name: 'gone.txt' });
    softDeleteFile(deps, deleted);
    expectEngineError(() => submit(repoId, [deleted]), 'unknownId');
    const empty = addRepo(deps, ws, []);
    expectEngineError(() => submit(empty.repoId, [addFile(deps, ws, { name: 'a.txt' })]), 'stateConflict');
  });
});

describe('review runner', () => {
  it('approves when every triggered rule passes, counting the rule that matched no file', async () => {
    const invoice = addCategory(deps, ws, 'Invoice');
    const receipt = addCategory(deps, ws, 'Receipt');
    const { repoId } = addRepo(deps, ws, [{ categoryIds: [invoice.id] }, { categoryIds: [receipt.id] }]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'a.txt', category: 'Invoice' })]);
    await runQueued();
    const result = reviewTaskResult(deps, ws, task_id);
    expect(result.status).toBe(ReviewStatus.approved);
    expect(result.statistics).toEqual({ pass_count: 1, failure_count: 0, error_count: 0, not_triggered_count: 1 });
  });

  it('fails the task with the honest reasoning under the default evaluator', async () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'a.txt' })]);
    const runner = createReviewRunner(deps, { recheckMs: 0 });
    await runner.run(claimJob(deps)!);
    const result = reviewTaskResult(deps, ws, task_id);
    expect(result.status).toBe(ReviewStatus.failed);
    expect(result.groups[0]!.review_tasks[0]).toMatchObject({ review_result: 7, reasoning: expect.stringContaining('needs the cloud review service') });
  });

  it('waits as "recognizing" while a file is in progress, then reviews', async () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const file = addFile(deps, ws, { name: 'a.txt', status: 4 });
    const { task_id } = submit(repoId, [file]);
    await runQueued();
    expect(findReviewTask(deps, task_id)?.status).toBe(ReviewStatus.recognizing);
    setFileStatus(deps, file, 1);
    await runQueued();
    expect(findReviewTask(deps, task_id)?.status).toBe(ReviewStatus.approved);
  });

  it('stops waiting after the limit and names the file still in progress', async () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'slow.pdf', status: 20 })]);
    await runQueued(passing, { maxWaitMs: 0 });
    const rule = reviewTaskResult(deps, ws, task_id).groups[0]!.review_tasks[0]!;
    expect(rule.reasoning).toContain("File 'slow.pdf'");
    expect(rule.reasoning).toContain('still being recognized');
  });

  it('re-judges only the retried rule', async () => {
    const { repoId, ruleIds } = addRepo(deps, ws, [{}, {}]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'a.txt' })]);
    await runQueued();
    const evaluate = vi.fn(passing);
    retryReviewTask(deps, ws, task_id, ruleIds[1]);
    expect(findReviewTask(deps, task_id)?.status).toBe(ReviewStatus.queued);
    await runQueued(evaluate);
    expect(evaluate).toHaveBeenCalledTimes(1);
    expect(evaluate.mock.calls[0]![0].id).toBe(ruleIds[1]);
  });

  it('refuses a retry while the task is still in flight, and an unknown rule', async () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'a.txt' })]);
    expectEngineError(() => retryReviewTask(deps, ws, task_id), 'stateConflict');
    await runQueued();
    expectEngineError(() => retryReviewTask(deps, ws, task_id, '42'), 'unknownId');
  });

  it('reviews a split task through its children', async () => {
    const invoice = addCategory(deps, ws, 'Invoice');
    const { repoId } = addRepo(deps, ws, [{ categoryIds: [invoice.id] }]);
    const parent = addFile(deps, ws, { name: 'bundle.pdf' });
    addFile(deps, ws, { name: 'bundle-1.pdf', category: 'Invoice', parentTaskId: parent });
    const { task_id } = submit(repoId, [parent]);
    await runQueued();
    expect(reviewTaskResult(deps, ws, task_id).statistics.pass_count).toBe(1);
  });

  it('errs every rule when an extraction task was deleted after submit', async () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const file = addFile(deps, ws, { name: 'a.txt' });
    const { task_id } = submit(repoId, [file]);
    softDeleteFile(deps, file);
    await runQueued();
    expect(ruleResultsOf(deps, task_id)[0]).toMatchObject({ outcome: 'error', reasoning: expect.stringContaining(`${file} no longer exist`) });
  });

  it('records a rule deleted after submit as an error', async () => {
    const { repoId, ruleIds } = addRepo(deps, ws, [{}]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'a.txt' })]);
    deleteRule(deps, ruleIds[0]!);
    await runQueued();
    expect(ruleResultsOf(deps, task_id)[0]).toMatchObject({ outcome: 'error', reasoning: RULE_DELETED, ruleName: 'rule 1' });
  });

  it('marks pending rules as errors when the queue gives up', () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'a.txt' })]);
    createReviewRunner(deps).giveUp(claimJob(deps)!, 'engine crashed');
    expect(findReviewTask(deps, task_id)?.status).toBe(ReviewStatus.failed);
    expect(ruleResultsOf(deps, task_id)[0]!.reasoning).toContain('engine crashed');
  });
});

describe('deleteReviewTasksOf', () => {
  it('deletes all or nothing', async () => {
    const { repoId } = addRepo(deps, ws, [{}]);
    const { task_id } = submit(repoId, [addFile(deps, ws, { name: 'a.txt' })]);
    expectEngineError(() => deleteReviewTasksOf(deps, ws, [task_id, '99']), 'unknownId');
    expect(findReviewTask(deps, task_id)).toBeDefined();
    deleteReviewTasksOf(deps, ws, [task_id]);
    expect(findReviewTask(deps, task_id)).toBeUndefined();
    expect(ruleResultsOf(deps, task_id)).toEqual([]);
    await createReviewRunner(deps).run(claimJob(deps)!); // the orphaned job finds nothing to do
  });
});
