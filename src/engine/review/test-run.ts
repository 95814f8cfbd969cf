import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import type { Anchor, RunRuleBody, RunRuleResult } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { stateConflict, unknownId } from '../http/engine-error.js';
import { findRule } from '../store/review-store.js';
import type { RuleEvaluator } from '../../shared/rule-evaluation/evaluate-rule.js';
import type { ReviewFile } from '../../shared/rule-evaluation/review-file.js';
import { judgeRule, type Verdict } from '../../shared/rule-evaluation/judge-rule.js';
import { isRecognizing } from '../../shared/rule-evaluation/file-readability.js';
import { loadReviewFiles, missingTaskIds } from './review-files.js';
import { REVIEW_RESULT_OF_OUTCOME } from './result-values.js';
import { loadReviewContext } from './load-review-context.js';

type TestRunOut = z.input<typeof RunRuleResult>;

/**
 * Judges one rule over the given extraction tasks, synchronously and without storing anything.
 * The body names no workspace: the rule's repository decides it, and the tasks must be in it.
 */
export function testRunRule(deps: EngineDeps, body: z.output<typeof RunRuleBody>, evaluate: RuleEvaluator): TestRunOut {
  const started = performance.now();
  const rule = findRule(deps, body.ruleIdNo);
  if (!rule) throw unknownId('rule', body.ruleIdNo);
  const missing = missingTaskIds(deps, rule.workspaceId, body.executeTaskIdList);
  if (missing.length > 0) throw unknownId(`extraction task of workspace ${rule.workspaceId}`, missing.join(', '));
  const files = loadReviewFiles(deps, rule.workspaceId, body.executeTaskIdList);
  const busy = files.filter(isRecognizing);
  if (busy.length > 0) throw stateConflict(`still being recognized: ${busy.map((f) => `task ${f.taskId}`).join(', ')}; test-run the rule once recognition has finished`);
  const verdict = judgeRule(rule, files, evaluate, loadReviewContext(deps, rule.workspaceId));
  const judged = verdict.outcome === 'pass' || verdict.outcome === 'failure';
  return {
    id: deps.ids.next(),
    reviewRuleIdNo: rule.id,
    reviewRuleVersion: rule.version,
    processStatus: REVIEW_RESULT_OF_OUTCOME[verdict.outcome],
    thinkOutput: scopeNote(verdict),
    evalOutput: verdict.reasoning,
    bindingTaskIds: body.executeTaskIdList,
    resultHighlights: verdict.anchors.map((a) => highlightOf(a, files)),
    evalResult: judged ? verdict.outcome === 'pass' : null,
    duration: Math.round(performance.now() - started),
    eval: judged,
    manualAuditStatus: 0,
    manualAuditMessage: '',
  };
}

/** The engine does not think aloud; it says which files the rule was applied to. */
function scopeNote(verdict: Verdict): string {
  if (verdict.scope.length === 0) return 'No file of the given tasks is in the rule\'s categories.';
  return `Applied to: ${verdict.scope.map((f) => `'${f.name}' (task ${f.taskId}, category '${f.category}')`).join(', ')}.`;
}

function highlightOf(anchor: Anchor, files: readonly ReviewFile[]) {
  const file = files.find((f) => f.fileId === anchor.file_id);
  return {
    fileId: anchor.file_id,
    taskId: anchor.extract_task_id,
    text: anchor.text,
    position: anchor.vertices,
    page: anchor.page,
    angel: file?.pages.find((p) => p.page === anchor.page)?.angle ?? 0,
    startPos: anchor.start_pos,
    endPos: anchor.end_pos,
  };
}
