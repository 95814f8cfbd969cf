import { z } from 'zod';
import {
  ReviewRuleRetryBody,
  ReviewTaskDeleteBody,
  ReviewTaskRef,
  ReviewTaskResult,
  ReviewTaskSubmitBody,
  RuleCreateBody,
  RuleDeleteBody,
  RuleGroupCreateBody,
  RuleGroupDeleteBody,
  RuleGroupUpdateBody,
  RuleRepo,
  RuleRepoCreateBody,
  RuleRepoDeleteBody,
  RuleRepoUpdateBody,
  RuleRepoGetQuery,
  RuleUpdateBody,
  RunRuleBody,
  RunRuleResult,
} from '../../api/index.js';
import { invokeSpec } from '../invoke-spec.js';
import { LocalChange, WorkspaceArgs } from '../local-change.js';

const localPending = z.number().int().nonnegative();

export const CachedRuleRepo = RuleRepo.extend({ local_pending: localPending });
export type CachedRuleRepo = z.infer<typeof CachedRuleRepo>;

/** A review task this desk submitted, with its latest result. */
export const CachedReviewTask = z.object({
  workspace_id: z.string(),
  task_id: z.string(),
  name: z.string(),
  repo_id: z.string(),
  status: z.number().int().nullable(),
  model: z.string().nullable(),
  result: ReviewTaskResult.nullable(),
  local_pending: localPending,
  created_ms: z.number(),
  synced_ms: z.number().nullable(),
});
export type CachedReviewTask = z.infer<typeof CachedReviewTask>;

export const reviewChannels = {
  'ruleRepos.list': invokeSpec(WorkspaceArgs, z.object({ repos: z.array(CachedRuleRepo) })),
  'ruleRepos.get': invokeSpec(RuleRepoGetQuery.strict(), CachedRuleRepo),
  // Creating a repository or a group is online only: the server assigns the id rules refer to.
  'ruleRepos.create': invokeSpec(RuleRepoCreateBody, z.object({ repo_id: z.string() })),
  'ruleGroups.create': invokeSpec(RuleGroupCreateBody, z.object({ group_id: z.string() })),
  // Renaming or deleting a repository and deleting a group are queued offline like rule changes.
  'ruleRepos.update': invokeSpec(RuleRepoUpdateBody, LocalChange),
  'ruleRepos.delete': invokeSpec(RuleRepoDeleteBody, LocalChange),
  'ruleGroups.delete': invokeSpec(RuleGroupDeleteBody, LocalChange),
  'ruleGroups.rename': invokeSpec(RuleGroupUpdateBody, LocalChange),
  'rules.create': invokeSpec(RuleCreateBody, LocalChange),
  'rules.update': invokeSpec(RuleUpdateBody, LocalChange),
  'rules.delete': invokeSpec(RuleDeleteBody, LocalChange),
  /** Online only: evaluates a rule on chosen files and answers at once. */
  'rules.testRun': invokeSpec(RunRuleBody, RunRuleResult),
  /** Review tasks this desk submitted, results included (per group and rule, with reasoning and anchors). */
  'reviewTasks.list': invokeSpec(WorkspaceArgs, z.object({ tasks: z.array(CachedReviewTask) })),
  'reviewTasks.submit': invokeSpec(ReviewTaskSubmitBody, LocalChange),
  'reviewTasks.result': invokeSpec(ReviewTaskRef, CachedReviewTask),
  'reviewTasks.retry': invokeSpec(ReviewTaskRef, LocalChange),
  'reviewTasks.retryRule': invokeSpec(ReviewRuleRetryBody, LocalChange),
  'reviewTasks.delete': invokeSpec(ReviewTaskDeleteBody, LocalChange),
} as const;
