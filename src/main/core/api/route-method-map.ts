import type { RouteName } from '../../../shared/api/index.js';
import type { Resources } from './resources.js';

/** Dotted paths to every method of a resource tree, e.g. "files.fetch" or "review.tasks.submit". */
export type MethodPath<T> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown ? K : `${K}.${MethodPath<T[K]>}`;
}[keyof T & string];

export type ClientMethod = `client.${MethodPath<Resources>}`;

/** The client method of each route. The type makes a missing route, an extra key or a misspelt method a compile error. */
export const routeMethodMap: { readonly [N in RouteName]: ClientMethod } = {
  fileFetch: 'client.files.fetch',
  fileUpload: 'client.files.upload',
  fileUploadSync: 'client.files.uploadSync',
  fileExtractFields: 'client.files.extractFields',
  fileAmendCategory: 'client.files.amendCategory',
  fileUpdate: 'client.files.update',
  fileDelete: 'client.files.delete',
  fileRetry: 'client.files.retry',

  categoryCreate: 'client.categories.create',
  categoryUpdate: 'client.categories.update',
  categoryDelete: 'client.categories.delete',
  categoryList: 'client.categories.list',
  categoryFieldsList: 'client.categories.fieldsList',
  categoryTablesList: 'client.categories.tablesList',
  categoryTablesDelete: 'client.categories.tablesDelete',
  categoryLearningForget: 'client.categories.forgetLearning',
  categoryFieldRoles: 'client.categories.fieldRoles',
  fileSplitBoundaries: 'client.files.splitBoundaries',
  categorySampleList: 'client.categories.samples.list',
  categorySampleUpload: 'client.categories.samples.upload',
  categorySampleBatchUpload: 'client.categories.samples.batchUpload',
  categorySampleDelete: 'client.categories.samples.delete',
  categorySampleDownload: 'client.categories.samples.download',
  categorySampleBatchDownload: 'client.categories.samples.batchDownload',
  categoryFieldAdd: 'client.categories.fields.add',
  categoryFieldUpdate: 'client.categories.fields.update',
  categoryFieldsBatchAdd: 'client.categories.fields.batchAdd',
  categoryFieldsBatchUpdate: 'client.categories.fields.batchUpdate',
  categoryFieldsDelete: 'client.categories.fields.delete',
  categoryFieldConfig: 'client.categories.fields.config',
  categoryTableAdd: 'client.categories.tables.add',
  categoryTableUpdate: 'client.categories.tables.update',
  categoryTablesBatchAdd: 'client.categories.tables.batchAdd',
  categoryTablesBatchUpdate: 'client.categories.tables.batchUpdate',

  workspaceList: 'client.workspaces.list',
  workspaceGet: 'client.workspaces.get',
  workspaceCreate: 'client.workspaces.create',
  workspaceUpdate: 'client.workspaces.update',
  workspaceDelete: 'client.workspaces.delete',
  authToken: 'client.auth.token',

  ruleRepoList: 'client.review.repos.list',
  ruleRepoGet: 'client.review.repos.get',
  ruleRepoCreate: 'client.review.repos.create',
  ruleRepoUpdate: 'client.review.repos.update',
  ruleRepoDelete: 'client.review.repos.delete',
  ruleGroupDelete: 'client.review.groups.delete',
  ruleGroupCreate: 'client.review.groups.create',
  ruleGroupUpdate: 'client.review.groups.update',
  ruleCreate: 'client.review.rules.create',
  ruleUpdate: 'client.review.rules.update',
  ruleDelete: 'client.review.rules.delete',
  reviewRunRule: 'client.review.rules.testRun',
  reviewTaskSubmit: 'client.review.tasks.submit',
  reviewTaskResult: 'client.review.tasks.result',
  reviewTaskRetry: 'client.review.tasks.retry',
  reviewTaskRuleRetry: 'client.review.tasks.retryRule',
  reviewTaskDelete: 'client.review.tasks.delete',
};
