import { pushCategoryCreate, pushCategoryDelete, pushCategoryFieldsUpdate, pushCategoryTablesUpdate, pushCategoryUpdate } from './push-categories.js';
import { pushAmendCategory, pushDelete, pushReExtract, pushRetry } from './push-files.js';
import { pushReviewDelete, pushReviewRetry, pushReviewRuleRetry, pushReviewSubmit } from './push-review.js';
import { pushGroupDelete, pushGroupRename, pushRepoDelete, pushRepoRename, pushRuleCreate, pushRuleDelete, pushRuleUpdate } from './push-rules.js';
import type { PushHandlers } from './push-types.js';
import { pushWorkspaceDelete, pushWorkspaceUpdate } from './push-workspaces.js';

/** How each kind of change reaches the server. */
export const PUSH_HANDLERS: PushHandlers = {
  'file.amend-category': pushAmendCategory,
  'file.re-extract': pushReExtract,
  'file.retry': pushRetry,
  'file.delete': pushDelete,
  'review.submit': pushReviewSubmit,
  'review.retry': pushReviewRetry,
  'review.rule-retry': pushReviewRuleRetry,
  'review.delete': pushReviewDelete,
  'rule.create': pushRuleCreate,
  'rule.update': pushRuleUpdate,
  'rule.delete': pushRuleDelete,
  'group.rename': pushGroupRename,
  'group.delete': pushGroupDelete,
  'repo.rename': pushRepoRename,
  'repo.delete': pushRepoDelete,
  'workspace.update': pushWorkspaceUpdate,
  'workspace.delete': pushWorkspaceDelete,
  'category.create': pushCategoryCreate,
  'category.update': pushCategoryUpdate,
  'category.delete': pushCategoryDelete,
  'category.fields-update': pushCategoryFieldsUpdate,
  'category.tables-update': pushCategoryTablesUpdate,
};
