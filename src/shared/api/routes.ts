import { z } from 'zod';
import { SplitBoundaries, SplitBoundariesQuery } from './split.js';
import { route } from './route.js';
import { NoResult } from './envelope.js';
import {
  AmendCategoryBody,
  ExtractFieldsBody,
  FileDeleteBody,
  FileDeleteResult,
  FileFetchQuery,
  FileList,
  FileRetryBody,
  FileUpdateBody,
  FileUpdateResult,
  FileUploadQuery,
  UploadResult,
} from './files.js';
import {
  CategoryCreateParts,
  CategoryCreateResult,
  CategoryDeleteBody,
  CategoryList,
  CategoryListQuery,
  CategoryRef,
  CategoryUpdateBody,
  CategoryUpdateResult,
  FieldsList,
  LearningForgetBody,
  LearningForgetResult,
  SampleBatchUploadResult,
  SampleDeleteBody,
  SampleDownloadQuery,
  SampleList,
  SampleListQuery,
  SampleUploadParts,
  SampleUploadResult,
  TablesDeleteBody,
  TablesList,
} from './categories.js';
import {
  Workspace,
  WorkspaceCreateBody,
  WorkspaceCreateResult,
  WorkspaceDeleteBody,
  WorkspaceGetQuery,
  WorkspaceList,
  WorkspaceListQuery,
  WorkspaceUpdateBody,
} from './workspaces.js';
import {
  FieldAddBody,
  FieldConfig,
  FieldConfigQuery,
  FieldDetail,
  FieldUpdateBody,
  FieldsBatchAddBody,
  FieldsBatchUpdateBody,
  FieldsDeleteBody,
  SampleBatchDownloadBody,
  TableAddBody,
  TableDetail,
  TableUpdateBody,
  TablesBatchAddBody,
  TablesBatchUpdateBody,
} from './category-config.js';
import { FieldRolesResult } from './field-roles.js';
import { TokenQuery, TokenResult } from './auth.js';
import { UploadLinksBody } from './upload-links.js';
import {
  ReviewRuleRetryBody,
  ReviewTaskCreated,
  ReviewTaskDeleteBody,
  ReviewTaskRef,
  ReviewTaskResult,
  ReviewTaskResultBody,
  ReviewTaskSubmitBody,
  RuleCreateBody,
  RuleCreateResult,
  RuleDeleteBody,
  RuleGroupCreateBody,
  RuleGroupDeleteBody,
  RuleRepoDeleteBody,
  RuleRepoUpdateBody,
  RuleGroupCreateResult,
  RuleGroupUpdateBody,
  RuleRepo,
  RuleRepoCreateBody,
  RuleRepoCreateResult,
  RuleRepoGetQuery,
  RuleRepoList,
  RuleRepoListQuery,
  RuleUpdateBody,
  RunRuleBody,
  RunRuleResult,
} from './review.js';

const Bytes = z.instanceof(Uint8Array);

/**
 * Every endpoint of the contract (27), of the notes (10), of the published OpenAPI document alone (16), of the
 * official SDK alone (1) and the local engine's extras (3). Client and engine are both driven by it.
 */
export const ROUTES = {
  // ---- files ----
  fileFetch: route({ method: 'GET', path: '/file/fetch', query: FileFetchQuery, result: FileList, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  fileUpload: route({ method: 'POST', path: '/file/upload', query: FileUploadQuery, files: { part: 'file', min: 1, max: 1 }, links: UploadLinksBody, result: UploadResult, envelope: 'result', retry: 'reconcile', source: 'contract' }),
  fileUploadSync: route({ method: 'POST', path: '/file/upload/sync', query: FileUploadQuery, files: { part: 'file', min: 1, max: 1 }, links: UploadLinksBody, result: FileList, envelope: 'result', retry: 'reconcile', source: 'contract' }),
  fileExtractFields: route({ method: 'POST', path: '/file/extract_fields', body: ExtractFieldsBody, result: FileList, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  fileAmendCategory: route({ method: 'POST', path: '/file/amend_category', body: AmendCategoryBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  fileUpdate: route({ method: 'POST', path: '/file/update', body: FileUpdateBody, result: FileUpdateResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  fileDelete: route({ method: 'POST', path: '/file/delete', body: FileDeleteBody, result: FileDeleteResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  fileRetry: route({ method: 'POST', path: '/file/retry', body: FileRetryBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),

  // ---- categories ----
  categoryCreate: route({ method: 'POST', path: '/category/create', parts: CategoryCreateParts, jsonParts: ['fields', 'tables'], files: { part: 'sample_files', min: 1, max: 20 }, result: CategoryCreateResult, envelope: 'result', retry: 'reconcile', source: 'contract' }),
  categoryUpdate: route({ method: 'POST', path: '/category/update', body: CategoryUpdateBody, result: CategoryUpdateResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  categoryDelete: route({ method: 'POST', path: '/category/delete', body: CategoryDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  categoryTablesList: route({ method: 'GET', path: '/category/tables/list', query: CategoryRef, result: TablesList, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  categoryTablesDelete: route({ method: 'POST', path: '/category/tables/delete', body: TablesDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  categorySampleDelete: route({ method: 'POST', path: '/category/sample/delete', body: SampleDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  categorySampleUpload: route({ method: 'POST', path: '/category/sample/upload', parts: SampleUploadParts, files: { part: 'file', min: 1, max: 1 }, result: SampleUploadResult, envelope: 'result', retry: 'reconcile', source: 'contract', deprecated: true }),
  categoryList: route({ method: 'GET', path: '/category/list', query: CategoryListQuery, result: CategoryList, envelope: 'result', retry: 'idempotent', source: 'notes' }),
  categoryFieldsList: route({ method: 'GET', path: '/category/fields/list', query: CategoryRef, result: FieldsList, envelope: 'result', retry: 'idempotent', source: 'notes' }),
  categorySampleList: route({ method: 'GET', path: '/category/sample/list', query: SampleListQuery, result: SampleList, envelope: 'result', retry: 'idempotent', source: 'notes' }),
  categorySampleDownload: route({ method: 'GET', path: '/category/sample/download', query: SampleDownloadQuery, result: Bytes, envelope: 'bytes', retry: 'idempotent', source: 'notes' }),
  categoryLearningForget: route({ method: 'POST', path: '/category/learning/forget', body: LearningForgetBody, result: LearningForgetResult, envelope: 'result', retry: 'idempotent', source: 'engine' }),
  categoryFieldRoles: route({ method: 'GET', path: '/category/fields/roles', query: CategoryRef, result: FieldRolesResult, envelope: 'result', retry: 'idempotent', source: 'engine' }),
  fileSplitBoundaries: route({ method: 'GET', path: '/file/split/boundaries', query: SplitBoundariesQuery, result: SplitBoundaries, envelope: 'result', retry: 'idempotent', source: 'engine' }),
  categorySampleBatchUpload: route({ method: 'POST', path: '/category/sample/batch_upload', parts: SampleUploadParts, files: { part: 'files', min: 1, max: 10 }, result: SampleBatchUploadResult, envelope: 'result', retry: 'reconcile', source: 'notes' }),
  categoryFieldAdd: route({ method: 'POST', path: '/category/fields/add', body: FieldAddBody, result: FieldDetail, envelope: 'result', retry: 'reconcile', source: 'published', deprecated: true }),
  categoryFieldUpdate: route({ method: 'POST', path: '/category/fields/update', body: FieldUpdateBody, result: FieldDetail.optional(), envelope: 'result', retry: 'idempotent', source: 'published', deprecated: true }),
  categoryFieldsBatchAdd: route({ method: 'POST', path: '/category/fields/batch_add', body: FieldsBatchAddBody, result: z.array(FieldDetail), envelope: 'result', retry: 'reconcile', source: 'published' }),
  categoryFieldsBatchUpdate: route({ method: 'POST', path: '/category/fields/batch_update', body: FieldsBatchUpdateBody, result: z.array(FieldDetail).optional(), envelope: 'result', retry: 'idempotent', source: 'published' }),
  categoryFieldsDelete: route({ method: 'POST', path: '/category/fields/delete', body: FieldsDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'published' }),
  categoryFieldConfig: route({ method: 'GET', path: '/category/fields/config', query: FieldConfigQuery, result: FieldConfig, envelope: 'result', retry: 'idempotent', source: 'sdk' }),
  categoryTableAdd: route({ method: 'POST', path: '/category/tables/add', body: TableAddBody, result: TableDetail, envelope: 'result', retry: 'reconcile', source: 'published', deprecated: true }),
  categoryTableUpdate: route({ method: 'POST', path: '/category/tables/update', body: TableUpdateBody, result: TableDetail.optional(), envelope: 'result', retry: 'idempotent', source: 'published', deprecated: true }),
  categoryTablesBatchAdd: route({ method: 'POST', path: '/category/tables/batch_add', body: TablesBatchAddBody, result: z.array(TableDetail), envelope: 'result', retry: 'reconcile', source: 'published' }),
  categoryTablesBatchUpdate: route({ method: 'POST', path: '/category/tables/batch_update', body: TablesBatchUpdateBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'published' }),
  categorySampleBatchDownload: route({ method: 'POST', path: '/category/sample/batch_download', body: SampleBatchDownloadBody, result: Bytes, envelope: 'bytes', retry: 'idempotent', source: 'published' }),

  // ---- workspaces ----
  workspaceList: route({ method: 'GET', path: '/workspace/list', query: WorkspaceListQuery, result: WorkspaceList, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  workspaceGet: route({ method: 'GET', path: '/workspace/get', query: WorkspaceGetQuery, result: Workspace, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  workspaceCreate: route({ method: 'POST', path: '/workspace/create', body: WorkspaceCreateBody, result: WorkspaceCreateResult, envelope: 'result', retry: 'reconcile', source: 'notes' }),
  workspaceUpdate: route({ method: 'POST', path: '/workspace/update', body: WorkspaceUpdateBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'published' }),
  workspaceDelete: route({ method: 'POST', path: '/workspace/delete', body: WorkspaceDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'published' }),

  // ---- tokens for the detail pages ----
  authToken: route({ method: 'GET', path: '/auth/token', query: TokenQuery, result: TokenResult, envelope: 'result', retry: 'idempotent', source: 'published' }),

  // ---- intelligent review ----
  ruleRepoList: route({ method: 'GET', path: '/review/rule_repo/list', query: RuleRepoListQuery, result: RuleRepoList, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  ruleRepoGet: route({ method: 'GET', path: '/review/rule_repo/get', query: RuleRepoGetQuery, result: RuleRepo, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  ruleCreate: route({ method: 'POST', path: '/review/rule/create', body: RuleCreateBody, result: RuleCreateResult, envelope: 'result', retry: 'reconcile', source: 'contract' }),
  ruleDelete: route({ method: 'POST', path: '/review/rule/delete', body: RuleDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  ruleGroupUpdate: route({ method: 'POST', path: '/review/rule_group/update', body: RuleGroupUpdateBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  reviewTaskSubmit: route({ method: 'POST', path: '/review/task/submit', body: ReviewTaskSubmitBody, result: ReviewTaskCreated, envelope: 'result', retry: 'reconcile', source: 'contract' }),
  reviewTaskRetry: route({ method: 'POST', path: '/review/task/retry', body: ReviewTaskRef, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  reviewTaskRuleRetry: route({ method: 'POST', path: '/review/task/rule/retry', body: ReviewRuleRetryBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  reviewTaskDelete: route({ method: 'POST', path: '/review/task/delete', body: ReviewTaskDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'contract' }),
  reviewRunRule: route({ method: 'POST', path: '/review/runRule', body: RunRuleBody, result: RunRuleResult, envelope: 'data', retry: 'idempotent', source: 'contract' }),
  ruleRepoCreate: route({ method: 'POST', path: '/review/rule_repo/create', body: RuleRepoCreateBody, result: RuleRepoCreateResult, envelope: 'result', retry: 'reconcile', source: 'notes' }),
  ruleGroupCreate: route({ method: 'POST', path: '/review/rule_group/create', body: RuleGroupCreateBody, result: RuleGroupCreateResult, envelope: 'result', retry: 'reconcile', source: 'notes' }),
  ruleUpdate: route({ method: 'POST', path: '/review/rule/update', body: RuleUpdateBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'notes' }),
  reviewTaskResult: route({ method: 'POST', path: '/review/task/result', body: ReviewTaskResultBody, result: ReviewTaskResult, envelope: 'result', retry: 'idempotent', source: 'notes' }),
  ruleRepoUpdate: route({ method: 'POST', path: '/review/rule_repo/update', body: RuleRepoUpdateBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'published' }),
  ruleRepoDelete: route({ method: 'POST', path: '/review/rule_repo/delete', body: RuleRepoDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'published' }),
  ruleGroupDelete: route({ method: 'POST', path: '/review/rule_group/delete', body: RuleGroupDeleteBody, result: NoResult, envelope: 'result', retry: 'idempotent', source: 'published' }),
} as const;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export type RouteResult<N extends RouteName> = z.output<Routes[N]['result']>;
