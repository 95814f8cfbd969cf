import type { z } from 'zod';
import {
  AmendCategoryBody,
  CategoryDeleteBody,
  CategoryUpdateBody,
  FieldsBatchUpdateBody,
  TablesBatchUpdateBody,
  ExtractFieldsBody,
  FileRetryBody,
  FileUpdateEntry,
  ReviewRuleRetryBody,
  ReviewTaskDeleteBody,
  ReviewTaskRef,
  ReviewTaskSubmitBody,
  RuleCreateBody,
  RuleDeleteBody,
  RuleGroupDeleteBody,
  RuleGroupUpdateBody,
  RuleRepoDeleteBody,
  RuleRepoUpdateBody,
  RuleUpdateBody,
  WorkspaceDeleteBody,
  WorkspaceUpdateBody,
} from '../../../shared/api/index.js';
import { CategoryCreateArgs } from '../../../shared/ipc/channels/categories.js';
import { FileIdsArgs } from '../../../shared/ipc/channels/files.js';

// What the commands of the core take: the request body of their route as it is, so that there is
// one shape per body (the IPC contract's arguments where a command takes more or less than a body).
// A correction is one entry of /file/update: the complete field set and rows.
export const CorrectFileInput = FileUpdateEntry;
export const AmendCategoryInput = AmendCategoryBody;
export const ReExtractInput = ExtractFieldsBody;
export const RetryFileInput = FileRetryBody;
export const DeleteFilesInput = FileIdsArgs;

export const SubmitReviewInput = ReviewTaskSubmitBody;
export const RetryReviewInput = ReviewTaskRef;
export const RetryReviewRuleInput = ReviewRuleRetryBody;
export const DeleteReviewTasksInput = ReviewTaskDeleteBody;

export const CreateRuleInput = RuleCreateBody;
export const UpdateRuleInput = RuleUpdateBody;
export const DeleteRuleInput = RuleDeleteBody;
export const RenameRuleGroupInput = RuleGroupUpdateBody;
export const DeleteRuleGroupInput = RuleGroupDeleteBody;
export const RenameRuleRepoInput = RuleRepoUpdateBody;
export const DeleteRuleReposInput = RuleRepoDeleteBody;

export const UpdateWorkspaceInput = WorkspaceUpdateBody;
export const DeleteWorkspacesInput = WorkspaceDeleteBody;

export const CreateCategoryInput = CategoryCreateArgs;
export const UpdateCategoryInput = CategoryUpdateBody;
export const UpdateCategoryFieldsInput = FieldsBatchUpdateBody;
export const UpdateCategoryTablesInput = TablesBatchUpdateBody;
export const DeleteCategoriesInput = CategoryDeleteBody;

export type CorrectFileInput = z.input<typeof CorrectFileInput>;
export type AmendCategoryInput = z.input<typeof AmendCategoryInput>;
export type ReExtractInput = z.input<typeof ReExtractInput>;
export type RetryFileInput = z.input<typeof RetryFileInput>;
export type DeleteFilesInput = z.input<typeof DeleteFilesInput>;
export type SubmitReviewInput = z.input<typeof SubmitReviewInput>;
export type RetryReviewInput = z.input<typeof RetryReviewInput>;
export type RetryReviewRuleInput = z.input<typeof RetryReviewRuleInput>;
export type DeleteReviewTasksInput = z.input<typeof DeleteReviewTasksInput>;
export type CreateRuleInput = z.input<typeof CreateRuleInput>;
export type UpdateRuleInput = z.input<typeof UpdateRuleInput>;
export type DeleteRuleInput = z.input<typeof DeleteRuleInput>;
export type RenameRuleGroupInput = z.input<typeof RenameRuleGroupInput>;
export type DeleteRuleGroupInput = z.input<typeof DeleteRuleGroupInput>;
export type RenameRuleRepoInput = z.input<typeof RenameRuleRepoInput>;
export type DeleteRuleReposInput = z.input<typeof DeleteRuleReposInput>;
export type UpdateWorkspaceInput = z.input<typeof UpdateWorkspaceInput>;
export type DeleteWorkspacesInput = z.input<typeof DeleteWorkspacesInput>;
export type CreateCategoryInput = z.input<typeof CreateCategoryInput>;
export type UpdateCategoryInput = z.input<typeof UpdateCategoryInput>;
export type UpdateCategoryFieldsInput = z.input<typeof UpdateCategoryFieldsInput>;
export type UpdateCategoryTablesInput = z.input<typeof UpdateCategoryTablesInput>;
export type DeleteCategoriesInput = z.input<typeof DeleteCategoriesInput>;
