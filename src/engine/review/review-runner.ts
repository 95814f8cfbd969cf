import { ReviewStatus } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import type { JobRunner } from '../jobs/job-queue.js';
import {
  findReviewTask,
  findRule,
  ruleResultsOf,
  setReviewTaskStatus,
  snapshotOf,
  writeVerdict,
  type ReviewTaskRow,
  type RuleResult,
  type RuleVerdictWrite,
} from '../store/review-store.js';
import { evaluateRule, type RuleEvaluator } from '../../shared/rule-evaluation/evaluate-rule.js';
import type { ReviewFile } from '../../shared/rule-evaluation/review-file.js';
import { judgeRule } from '../../shared/rule-evaluation/judge-rule.js';
import { isRecognizing } from '../../shared/rule-evaluation/file-readability.js';
import { loadReviewFiles, missingTaskIds } from './review-files.js';
import { REVIEW_RESULT_OF_OUTCOME, finalTaskStatus } from './result-values.js';
import { loadReviewContext } from './load-review-context.js';

export interface ReviewRunnerOptions {
  evaluate?: RuleEvaluator;
  /** Pause before looking again at files still being recognized. */
  recheckMs?: number;
  /** After this long, files still being recognized are judged unreadable instead of waited for. */
  maxWaitMs?: number;
}

const RECHECK_MS = 500;
const MAX_WAIT_MS = 10 * 60_000;

export const RULE_DELETED = 'The rule was deleted after this review was submitted, so it could not be checked.';

/**
 * Runs 'review_task' jobs: queued (6) -> recognizing (5) while any file is still in progress ->
 * reviewing (3) -> approved (1) or review failed (2). Only results still pending are judged, so a
 * rule retry re-judges that rule alone.
 */
export function createReviewRunner(deps: EngineDeps, options: ReviewRunnerOptions = {}): JobRunner {
  const evaluate = options.evaluate ?? evaluateRule;
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  return {
    async run(job) {
      const task = findReviewTask(deps, job.subject);
      if (!task) return; // deleted while queued
      const files = loadReviewFiles(deps, task.workspace_id, task.extractTaskIds);
      const waitingSince = typeof job.payload['waitingSince'] === 'number' ? job.payload['waitingSince'] : deps.now();
      if (files.some(isRecognizing) && deps.now() - waitingSince < maxWaitMs) {
        // A new job after a pause, not a loop inside this one: the file jobs it waits for need the slots.
        setReviewTaskStatus(deps, task.id, ReviewStatus.recognizing);
        await new Promise((resolve) => setTimeout(resolve, recheckMs));
        deps.queue.enqueue('review_task', task.id, { waitingSince });
        return;
      }
      setReviewTaskStatus(deps, task.id, ReviewStatus.reviewing);
      judgeTask(deps, task, files, evaluate);
    },
    giveUp(job, reason) {
      if (!findReviewTask(deps, job.subject)) return;
      const reasoning = `The review stopped before this rule was checked: ${reason}`;
      finishTask(deps, job.subject, (result) => errorWrite(result, reasoning));
    },
  };
}

function judgeTask(deps: EngineDeps, task: ReviewTaskRow, files: readonly ReviewFile[], evaluate: RuleEvaluator): void {
  const missing = missingTaskIds(deps, task.workspace_id, task.extractTaskIds);
  const gone = `Extraction task(s) ${missing.join(', ')} no longer exist, so the review cannot see every document it was given.`;
  const context = loadReviewContext(deps, task.workspace_id);
  finishTask(deps, task.id, (result) => {
    const rule = findRule(deps, result.ruleId);
    if (!rule) return errorWrite(result, RULE_DELETED);
    if (missing.length > 0) return errorWrite(result, gone);
    const verdict = judgeRule(rule, files, evaluate, context);
    return { resultId: result.id, snapshot: snapshotOf(rule), outcome: verdict.outcome, reviewResult: REVIEW_RESULT_OF_OUTCOME[verdict.outcome], reasoning: verdict.reasoning, anchors: verdict.anchors };
  });
}

/** Every pending result and the final status in one transaction: a reader never sees half a review. */
function finishTask(deps: EngineDeps, taskId: string, verdictOf: (result: RuleResult) => RuleVerdictWrite): void {
  deps.db.transaction(() => {
    for (const result of ruleResultsOf(deps, taskId).filter((r) => r.outcome === 'pending')) writeVerdict(deps, verdictOf(result));
    setReviewTaskStatus(deps, taskId, finalTaskStatus(ruleResultsOf(deps, taskId).map((r) => r.outcome)));
  })();
}

function errorWrite(result: RuleResult, reasoning: string): RuleVerdictWrite {
  return { resultId: result.id, snapshot: undefined, outcome: 'error', reviewResult: REVIEW_RESULT_OF_OUTCOME.error, reasoning, anchors: [] };
}
