import { LIMITS, type Category, type FieldsList, type RuleRepo, type Workspace } from '../../../shared/api/index.js';
import type { DocketClient } from '../api/index.js';
import { isNotFound } from './api-answers.js';
import type { SyncContext } from './sync-context.js';

/** Collects every page of a listing. */
async function allPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; total: number }>, pageSize: number): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    items.push(...answer.items);
    if (answer.items.length < pageSize || items.length >= answer.total) return items;
  }
}

/** Workspaces, categories with their fields, rule repositories, and the results of review tasks submitted here. */
export class CatalogPuller {
  constructor(
    private readonly context: SyncContext,
    private readonly client: DocketClient,
  ) {}

  async workspaces(signal: AbortSignal): Promise<Workspace[]> {
    const pageSize = LIMITS.listPageSizeMax;
    const workspaces = await allPages(async (page) => {
      const list = await this.client.workspaces.list({ page, page_size: pageSize }, { signal });
      return { items: list.workspaces, total: list.total };
    }, pageSize);
    this.context.catalog.putWorkspaces(workspaces, this.context.clock.now());
    this.context.events.emit('catalog-changed', { workspaceId: null, part: 'workspaces' });
    return workspaces;
  }

  async categories(workspaceId: string, signal: AbortSignal): Promise<void> {
    const pageSize = LIMITS.categoryListPageSizeMax;
    const categories = await allPages<Category>(async (page) => {
      const list = await this.client.categories.list({ workspace_id: workspaceId, enabled: 'all', page, page_size: pageSize }, { signal });
      return { items: list.categories, total: list.total };
    }, pageSize);
    const fields = new Map<string, FieldsList>();
    for (const category of categories) {
      fields.set(category.id, await this.client.categories.fieldsList({ workspace_id: workspaceId, category_id: category.id }, { signal }));
    }
    this.context.catalog.putCategories(workspaceId, categories, fields, this.context.clock.now());
    this.context.events.emit('catalog-changed', { workspaceId, part: 'categories' });
  }

  async ruleRepos(workspaceId: string, signal: AbortSignal): Promise<void> {
    const pageSize = LIMITS.listPageSizeMax;
    const repos = await allPages<RuleRepo>(async (page) => {
      const list = await this.client.review.repos.list({ workspace_id: workspaceId, page, page_size: pageSize }, { signal });
      return { items: list.repos, total: list.total };
    }, pageSize);
    this.context.catalog.putRuleRepos(workspaceId, repos, this.context.clock.now());
    this.context.events.emit('catalog-changed', { workspaceId, part: 'rule-repos' });
  }

  /** Results of the review tasks still running (the interface lists no review tasks: these are the ones submitted here). */
  async reviewResults(workspaceId: string, signal: AbortSignal): Promise<void> {
    const taskIds = this.context.catalog.unfinishedReviewTasks(workspaceId);
    for (const taskId of taskIds) {
      try {
        const result = await this.client.review.tasks.result({ workspace_id: workspaceId, task_id: taskId }, { signal });
        this.context.catalog.putReviewResult(workspaceId, taskId, result, this.context.clock.now());
      } catch (error) {
        if (!isNotFound(error)) throw error;
        this.context.catalog.forgetReviewTask(workspaceId, taskId);
      }
    }
    if (taskIds.length > 0) this.context.events.emit('catalog-changed', { workspaceId, part: 'review-tasks' });
  }
}
