import { LIMITS } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Handlers } from '../http/handler.js';
import { evaluateRule, type RuleEvaluator } from '../../shared/rule-evaluation/evaluate-rule.js';
import { deleteReviewTasksOf, DEFAULT_REVIEW_MODEL, retryReviewTask, submitReviewTask } from '../review/review-tasks.js';
import { createRule, repoView, updateRuleFrom } from '../review/rule-repos.js';
import { reviewTaskResult } from '../review/task-result.js';
import { testRunRule } from '../review/test-run.js';
import { deleteGroup, deleteRepos, deleteRule, insertGroup, insertRepo, listRepos, renameGroup, renameRepo, requireGroup, requireRepo, requireRule } from '../store/review-store.js';
import { paging } from '../store/paging.js';
import { requireWorkspace } from '../store/workspace-store.js';

type ReviewRoute =
  | 'ruleRepoList'
  | 'ruleRepoGet'
  | 'ruleRepoCreate'
  | 'ruleRepoUpdate'
  | 'ruleRepoDelete'
  | 'ruleGroupDelete'
  | 'ruleGroupCreate'
  | 'ruleGroupUpdate'
  | 'ruleCreate'
  | 'ruleUpdate'
  | 'ruleDelete'
  | 'reviewTaskSubmit'
  | 'reviewTaskResult'
  | 'reviewTaskRetry'
  | 'reviewTaskRuleRetry'
  | 'reviewTaskDelete'
  | 'reviewRunRule';

/** Thin: check the workspace, then hand over to review/ and the store. */
export function createReviewHandlers(deps: EngineDeps, evaluate: RuleEvaluator = evaluateRule): Pick<Handlers, ReviewRoute> {
  const workspace = (id: string) => requireWorkspace(deps, id).id;
  return {
    ruleRepoList: ({ query }) => {
      const page = paging(query.page, query.page_size, LIMITS.ruleRepoListPageSizeDefault);
      const { total, rows } = listRepos(deps, workspace(query.workspace_id), page);
      return { repos: rows.map((repo) => repoView(deps, repo, { withRiskLevel: false })), total, page: page.page, page_size: page.pageSize };
    },
    ruleRepoGet: ({ query }) => repoView(deps, requireRepo(deps, workspace(query.workspace_id), query.repo_id), { withRiskLevel: true }),
    ruleRepoCreate: ({ body }) => ({ repo_id: insertRepo(deps, workspace(body.workspace_id), body.name, DEFAULT_REVIEW_MODEL) }),
    ruleRepoUpdate: ({ body }) => {
      const repo = requireRepo(deps, workspace(body.workspace_id), body.repo_id);
      if (body.name !== undefined) renameRepo(deps, repo.id, body.name);
    },
    ruleRepoDelete: ({ body }) => deleteRepos(deps, workspace(body.workspace_id), body.repo_ids),
    ruleGroupDelete: ({ body }) => deleteGroup(deps, requireGroup(deps, workspace(body.workspace_id), body.group_id).id),
    ruleGroupCreate: ({ body }) => ({ group_id: insertGroup(deps, requireRepo(deps, workspace(body.workspace_id), body.repo_id).id, body.name) }),
    ruleGroupUpdate: ({ body }) => renameGroup(deps, requireGroup(deps, workspace(body.workspace_id), body.group_id).id, body.name),
    ruleCreate: ({ body }) => {
      workspace(body.workspace_id);
      return { rule_id: createRule(deps, body) };
    },
    ruleUpdate: ({ body }) => updateRuleFrom(deps, requireRule(deps, workspace(body.workspace_id), body.rule_id), body),
    ruleDelete: ({ body }) => deleteRule(deps, requireRule(deps, workspace(body.workspace_id), body.rule_id).id),
    reviewTaskSubmit: ({ body }) => {
      workspace(body.workspace_id);
      return submitReviewTask(deps, body);
    },
    reviewTaskResult: ({ body, origin }) => reviewTaskResult(deps, workspace(body.workspace_id), body.task_id, body.with_task_detail_url ? origin : undefined),
    reviewTaskRetry: ({ body }) => retryReviewTask(deps, workspace(body.workspace_id), body.task_id),
    reviewTaskRuleRetry: ({ body }) => retryReviewTask(deps, workspace(body.workspace_id), body.task_id, body.rule_id),
    reviewTaskDelete: ({ body }) => deleteReviewTasksOf(deps, workspace(body.workspace_id), body.task_ids),
    reviewRunRule: ({ body }) => testRunRule(deps, body, evaluate),
  };
}
