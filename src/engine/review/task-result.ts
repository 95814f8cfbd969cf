import type { z } from 'zod';
import type { ReviewTaskResult } from '../../shared/api/index.js';
import { detailPageUrl } from '../detail-pages/detail-links.js';
import type { EngineDeps } from '../engine-deps.js';
import { repoNameOf, requireReviewTask, ruleResultsOf, type RuleResult } from '../store/review-store.js';

type TaskResultOut = z.input<typeof ReviewTaskResult>;

/** The notes' /review/task/result shape; with `detailOrigin`, the link to the task's read-only detail page. */
export function reviewTaskResult(deps: EngineDeps, workspaceId: string, taskId: string, detailOrigin?: string): TaskResultOut {
  const task = requireReviewTask(deps, workspaceId, taskId);
  const results = ruleResultsOf(deps, task.id);
  return {
    task_id: task.id,
    task_name: task.name,
    ...(detailOrigin ? { task_detail_url: detailPageUrl(detailOrigin, 'review', workspaceId, task.id) } : {}),
    status: task.status,
    rule_repo: { repo_id: task.repo_id, name: repoNameOf(deps, task.repo_id) },
    extract_task_ids: task.extractTaskIds,
    statistics: statisticsOf(results),
    groups: groupsOf(results),
    model: task.model,
  };
}

function statisticsOf(results: readonly RuleResult[]) {
  const count = (outcome: RuleResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { pass_count: count('pass'), failure_count: count('failure'), error_count: count('error'), not_triggered_count: count('not_triggered') };
}

/** Groups in the order of their first rule, as the results were stored. */
function groupsOf(results: readonly RuleResult[]) {
  const groups = new Map<string, { group_id: string; group_name: string; review_tasks: ReturnType<typeof ruleTaskOf>[] }>();
  for (const result of results) {
    const group = groups.get(result.groupId) ?? { group_id: result.groupId, group_name: result.groupName, review_tasks: [] };
    group.review_tasks.push(ruleTaskOf(result));
    groups.set(result.groupId, group);
  }
  return [...groups.values()];
}

function ruleTaskOf(result: RuleResult) {
  return {
    rule_task_id: result.id,
    rule_id: result.ruleId,
    rule_name: result.ruleName,
    risk_level: result.riskLevel,
    prompt: result.prompt,
    review_result: result.reviewResult,
    reasoning: result.reasoning,
    anchors: result.anchors,
    // Absent until a person audits the result: the published schema allows only 0/1 and a text.
    ...(result.auditResult !== null ? { audit_result: result.auditResult } : {}),
    ...(result.auditMessage !== null ? { audit_message: result.auditMessage } : {}),
  };
}
