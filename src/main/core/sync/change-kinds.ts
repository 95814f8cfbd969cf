import { z } from 'zod';
import {
  AmendCategoryBody,
  CategoryCreateParts,
  CategoryUpdateBody,
  ExtractFieldsBody,
  FieldsBatchUpdateBody,
  TablesBatchUpdateBody,
  FileRetryBody,
  ReviewRuleRetryBody,
  ReviewTaskRef,
  ReviewTaskSubmitBody,
  RuleCreateBody,
  RuleGroupUpdateBody,
  RuleRepoUpdateBody,
  RuleUpdateBody,
  WorkspaceUpdateBody,
} from '../../../shared/api/index.js';

const Id = z.string().min(1);

/** A change as the outbox keeps it: its kind, what it is about, and the request body where one is fixed at edit time. */
export const OutboxChange = z.discriminatedUnion('kind', [
  // The body of a correction is built at push time from the cached file: always the complete field set.
  z.strictObject({ kind: z.literal('file.correct'), file_id: Id }),
  z.strictObject({ kind: z.literal('file.amend-category'), file_id: Id, body: AmendCategoryBody }),
  z.strictObject({ kind: z.literal('file.re-extract'), file_id: Id, body: ExtractFieldsBody }),
  z.strictObject({ kind: z.literal('file.retry'), file_id: Id, body: FileRetryBody }),
  z.strictObject({ kind: z.literal('file.delete'), file_id: Id }),
  z.strictObject({ kind: z.literal('review.submit'), task_id: Id, body: ReviewTaskSubmitBody }),
  z.strictObject({ kind: z.literal('review.retry'), task_id: Id, body: ReviewTaskRef }),
  z.strictObject({ kind: z.literal('review.rule-retry'), task_id: Id, body: ReviewRuleRetryBody }),
  z.strictObject({ kind: z.literal('review.delete'), task_id: Id }),
  // Rule and group changes name their repository: its cached record is what they change locally.
  z.strictObject({ kind: z.literal('rule.create'), repo_id: Id, rule_id: Id, body: RuleCreateBody }),
  z.strictObject({ kind: z.literal('rule.update'), repo_id: Id, rule_id: Id, body: RuleUpdateBody }),
  z.strictObject({ kind: z.literal('rule.delete'), repo_id: Id, rule_id: Id }),
  z.strictObject({ kind: z.literal('group.rename'), repo_id: Id, group_id: Id, body: RuleGroupUpdateBody }),
  z.strictObject({ kind: z.literal('group.delete'), repo_id: Id, group_id: Id }),
  z.strictObject({ kind: z.literal('repo.rename'), repo_id: Id, body: RuleRepoUpdateBody }),
  z.strictObject({ kind: z.literal('repo.delete'), repo_id: Id }),
  // A workspace's changes are queued under the workspace itself.
  z.strictObject({ kind: z.literal('workspace.update'), workspace_id: Id, body: WorkspaceUpdateBody }),
  z.strictObject({ kind: z.literal('workspace.delete'), workspace_id: Id }),
  z.strictObject({ kind: z.literal('category.create'), category_id: Id, parts: CategoryCreateParts, sample_files: z.array(z.string().min(1)).min(1) }),
  z.strictObject({ kind: z.literal('category.update'), category_id: Id, body: CategoryUpdateBody }),
  z.strictObject({ kind: z.literal('category.delete'), category_id: Id }),
  // One field or a few changed through the field routes: the rest of the category is not sent again.
  z.strictObject({ kind: z.literal('category.fields-update'), category_id: Id, body: FieldsBatchUpdateBody }),
  // A table's own settings (name, prompt, ...) through the table routes, likewise alone.
  z.strictObject({ kind: z.literal('category.tables-update'), category_id: Id, body: TablesBatchUpdateBody }),
]);
export type OutboxChange = z.output<typeof OutboxChange>;
export type ChangeKind = OutboxChange['kind'];
export type ChangeOf<K extends ChangeKind> = Extract<OutboxChange, { kind: K }>;

/** Changes of one queue are pushed one at a time, in order: one queue per file, task, rule, group, repository, category or workspace. */
export function queueKeyOf(workspaceId: string, change: OutboxChange): string {
  switch (change.kind) {
    case 'file.correct':
    case 'file.amend-category':
    case 'file.re-extract':
    case 'file.retry':
    case 'file.delete':
      return `file:${workspaceId}:${change.file_id}`;
    case 'review.submit':
    case 'review.retry':
    case 'review.rule-retry':
    case 'review.delete':
      return `review-task:${workspaceId}:${change.task_id}`;
    case 'rule.create':
    case 'rule.update':
    case 'rule.delete':
      return `rule:${workspaceId}:${change.rule_id}`;
    case 'group.rename':
    case 'group.delete':
      return `group:${workspaceId}:${change.group_id}`;
    case 'repo.rename':
    case 'repo.delete':
      return `repo:${workspaceId}:${change.repo_id}`;
    case 'workspace.update':
    case 'workspace.delete':
      return `workspace:${change.workspace_id}`;
    case 'category.create':
    case 'category.update':
    case 'category.delete':
    case 'category.fields-update':
    case 'category.tables-update':
      return `category:${workspaceId}:${change.category_id}`;
  }
}

/** Ids of things made offline, until the server names them. */
const LOCAL_ID = /^local-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isLocalId(id: string): boolean {
  return LOCAL_ID.test(id);
}
