import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { CoreError } from '../../core/core-error.js';
import type { CoreSession } from '../core-session.js';

export function reviewHandlers(deps: { session: CoreSession }): InvokeHandlers {
  const core = () => deps.session.current();
  return {
    'ruleRepos.list': ({ workspace_id }) => ({ repos: core().catalog.ruleRepos(workspace_id) }),
    'ruleRepos.get': ({ workspace_id, repo_id }) => {
      const repo = core().catalog.ruleRepo(workspace_id, repo_id);
      if (repo === undefined) throw new CoreError('NOT_FOUND', `rule repository ${repo_id} is not in the cache of workspace ${workspace_id}`);
      return repo;
    },
    'ruleRepos.update': (input) => core().changes.renameRuleRepo(input),
    'ruleRepos.delete': (input) => core().changes.deleteRuleRepos(input),
    'ruleGroups.rename': (input) => core().changes.renameRuleGroup(input),
    'ruleGroups.delete': (input) => core().changes.deleteRuleGroup(input),
    'rules.create': (input) => core().changes.createRule(input),
    'rules.update': (input) => core().changes.updateRule(input),
    'rules.delete': (input) => core().changes.deleteRule(input),
    'reviewTasks.list': ({ workspace_id }) => ({ tasks: core().catalog.reviewTasks(workspace_id) }),
    'reviewTasks.result': ({ workspace_id, task_id }) => {
      const task = core().catalog.reviewTasks(workspace_id).find((t) => t.task_id === task_id);
      if (task === undefined) throw new CoreError('NOT_FOUND', `review task ${task_id} was not submitted from this desk`);
      return task;
    },
    'reviewTasks.submit': (input) => core().changes.submitReview(input),
    'reviewTasks.retry': (input) => core().changes.retryReview(input),
    'reviewTasks.retryRule': (input) => core().changes.retryReviewRule(input),
    'reviewTasks.delete': (input) => core().changes.deleteReviewTasks(input),
  };
}
