import type { Category, FieldsList, ReviewTaskResult, RuleRepo, Workspace } from '../../../shared/api/index.js';
import type { CachedCategory } from '../../../shared/ipc/channels/categories.js';
import type { CachedReviewTask, CachedRuleRepo } from '../../../shared/ipc/channels/review.js';
import { prepared, type CacheDb, type Db } from './cache-db.js';
import { readJson } from './json-column.js';

/** Review statuses after which a task's result no longer changes on its own (approved, failed, rejected, recognition failed). */
const FINAL_REVIEW_STATUSES = [1, 2, 4, 7] as const;

// A workspace is its own workspace: its key column is workspace_id.
type EntityTable = 'workspaces' | 'categories' | 'rule_repos' | 'review_tasks';
const KEY_COLUMN: Record<EntityTable, string> = { workspaces: 'workspace_id', categories: 'category_id', rule_repos: 'repo_id', review_tasks: 'task_id' };

/** Workspaces, categories, rule repositories and review tasks: small sets, replaced wholesale by a pull. */
export class CatalogCache {
  private readonly local: Db;
  private readonly bulk: Db;

  constructor(db: CacheDb) {
    this.local = db.local;
    this.bulk = db.bulk;
  }

  // ---- workspaces ----

  /** The server's workspaces; one with local changes not yet pushed keeps its local view. */
  putWorkspaces(workspaces: readonly Workspace[], nowMs: number): void {
    const put = prepared(this.bulk,
      `INSERT INTO workspaces (workspace_id, name, record, synced_ms) VALUES (?, ?, ?, ?)
       ON CONFLICT (workspace_id) DO UPDATE SET name = excluded.name, record = excluded.record, deleted = 0, synced_ms = excluded.synced_ms
       WHERE workspaces.local_pending = 0`,
    );
    this.bulk.transaction(() => {
      prepared(this.bulk, `DELETE FROM workspaces WHERE local_pending = 0 AND workspace_id NOT IN (SELECT value FROM json_each(?))`).run(JSON.stringify(workspaces.map((w) => w.workspace_id)));
      for (const w of workspaces) put.run(w.workspace_id, w.name, JSON.stringify(w), nowMs);
    }).immediate();
  }

  workspaces(): Workspace[] {
    return (prepared(this.local, 'SELECT record FROM workspaces WHERE deleted = 0 ORDER BY name').pluck().all() as string[]).map((r) => JSON.parse(r) as Workspace);
  }

  /** In the caller's transaction: a workspace renamed or deleted locally. */
  putLocalWorkspace(workspace: Workspace, options: { deleted?: boolean } = {}): void {
    prepared(this.local, 'UPDATE workspaces SET record = ?, name = ?, deleted = ?, local_pending = local_pending + 1 WHERE workspace_id = ?')
      .run(JSON.stringify(workspace), workspace.name, options.deleted ? 1 : 0, workspace.workspace_id);
  }

  // ---- categories ----

  /** The server's categories; one with local changes not yet pushed keeps its local view. */
  putCategories(workspaceId: string, categories: readonly Category[], fields: ReadonlyMap<string, FieldsList>, nowMs: number): void {
    const put = prepared(this.bulk, 
      `INSERT INTO categories (workspace_id, category_id, name, enabled, record, fields, synced_ms) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, category_id) DO UPDATE SET name = excluded.name, enabled = excluded.enabled, record = excluded.record,
         fields = coalesce(excluded.fields, categories.fields), deleted = 0, synced_ms = excluded.synced_ms
       WHERE categories.local_pending = 0`,
    );
    this.bulk.transaction(() => {
      prepared(this.bulk, 'DELETE FROM categories WHERE workspace_id = ? AND local_pending = 0 AND category_id NOT IN (SELECT value FROM json_each(?))')
        .run(workspaceId, JSON.stringify(categories.map((c) => c.id)));
      for (const c of categories) {
        const list = fields.get(c.id);
        put.run(workspaceId, c.id, c.name, c.enabled, JSON.stringify(c), list ? JSON.stringify(list) : null, nowMs);
      }
    }).immediate();
  }

  categories(workspaceId: string): CachedCategory[] {
    const rows = prepared(this.local, 'SELECT * FROM categories WHERE workspace_id = ? AND deleted = 0 ORDER BY name').all(workspaceId) as CategoryRow[];
    return rows.map(categoryOf);
  }

  category(workspaceId: string, categoryId: string): CachedCategory | undefined {
    const row = prepared(this.local, 'SELECT * FROM categories WHERE workspace_id = ? AND category_id = ?').get(workspaceId, categoryId) as CategoryRow | undefined;
    return row ? categoryOf(row) : undefined;
  }

  /** In the caller's transaction: a category made or changed locally. */
  putLocalCategory(workspaceId: string, category: Category, options: { deleted?: boolean } = {}): void {
    prepared(this.local, 
        `INSERT INTO categories (workspace_id, category_id, name, enabled, record, local_pending, deleted, synced_ms) VALUES (?, ?, ?, ?, ?, 1, ?, 0)
         ON CONFLICT (workspace_id, category_id) DO UPDATE SET name = excluded.name, enabled = excluded.enabled, record = excluded.record,
           local_pending = categories.local_pending + 1, deleted = excluded.deleted`,
      )
      .run(workspaceId, category.id, category.name, category.enabled, JSON.stringify(category), options.deleted ? 1 : 0);
  }

  /** In the caller's transaction: the fields of a category changed locally. */
  putLocalCategoryFields(workspaceId: string, categoryId: string, fields: FieldsList): void {
    prepared(this.local, 'UPDATE categories SET fields = ?, local_pending = local_pending + 1 WHERE workspace_id = ? AND category_id = ?').run(JSON.stringify(fields), workspaceId, categoryId);
  }

  // ---- rule repositories ----

  putRuleRepos(workspaceId: string, repos: readonly RuleRepo[], nowMs: number): void {
    const put = prepared(this.bulk, 
      `INSERT INTO rule_repos (workspace_id, repo_id, name, record, synced_ms) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, repo_id) DO UPDATE SET name = excluded.name, record = excluded.record, deleted = 0, synced_ms = excluded.synced_ms
       WHERE rule_repos.local_pending = 0`,
    );
    this.bulk.transaction(() => {
      prepared(this.bulk, 'DELETE FROM rule_repos WHERE workspace_id = ? AND local_pending = 0 AND repo_id NOT IN (SELECT value FROM json_each(?))')
        .run(workspaceId, JSON.stringify(repos.map((r) => r.repo_id)));
      for (const repo of repos) put.run(workspaceId, repo.repo_id, repo.name, JSON.stringify(repo), nowMs);
    }).immediate();
  }

  ruleRepos(workspaceId: string): CachedRuleRepo[] {
    const rows = prepared(this.local, 'SELECT record, local_pending FROM rule_repos WHERE workspace_id = ? AND deleted = 0 ORDER BY name').all(workspaceId) as { record: string; local_pending: number }[];
    return rows.map((row) => ({ ...(JSON.parse(row.record) as RuleRepo), local_pending: row.local_pending }));
  }

  ruleRepo(workspaceId: string, repoId: string): CachedRuleRepo | undefined {
    return this.ruleRepos(workspaceId).find((repo) => repo.repo_id === repoId);
  }

  /** In the caller's transaction: the repository's record as changed by a local change (a deleted one is hidden until the server deletes it too). */
  putLocalRuleRepo(workspaceId: string, repo: RuleRepo, options: { deleted?: boolean } = {}): void {
    prepared(this.local, 'UPDATE rule_repos SET record = ?, name = ?, deleted = ?, local_pending = local_pending + 1 WHERE workspace_id = ? AND repo_id = ?')
      .run(JSON.stringify(repo), repo.name, options.deleted ? 1 : 0, workspaceId, repo.repo_id);
  }

  /** In the caller's transaction: the record changes, the count of local changes does not. */
  replaceRuleRepoRecord(workspaceId: string, repo: RuleRepo): void {
    prepared(this.local, 'UPDATE rule_repos SET record = ? WHERE workspace_id = ? AND repo_id = ?').run(JSON.stringify(repo), workspaceId, repo.repo_id);
  }

  // ---- review tasks ----

  /** In the caller's transaction: a review task submitted from this desk. */
  insertLocalReviewTask(workspaceId: string, task: { task_id: string; name: string; repo_id: string; request: unknown }, nowMs: number): void {
    prepared(this.local, 'INSERT INTO review_tasks (workspace_id, task_id, name, repo_id, request, local_pending, created_ms) VALUES (?, ?, ?, ?, ?, 1, ?)')
      .run(workspaceId, task.task_id, task.name, task.repo_id, JSON.stringify(task.request), nowMs);
  }

  putReviewResult(workspaceId: string, taskId: string, result: ReviewTaskResult, nowMs: number): void {
    prepared(this.bulk, 'UPDATE review_tasks SET status = ?, model = ?, result = ?, synced_ms = ? WHERE workspace_id = ? AND task_id = ?')
      .run(result.status, result.model, JSON.stringify(result), nowMs, workspaceId, taskId);
  }

  /** Deleted on the server by someone else. */
  forgetReviewTask(workspaceId: string, taskId: string): void {
    prepared(this.bulk, 'UPDATE review_tasks SET deleted = 1 WHERE workspace_id = ? AND task_id = ?').run(workspaceId, taskId);
  }

  reviewTasks(workspaceId: string): CachedReviewTask[] {
    const rows = prepared(this.local, 'SELECT * FROM review_tasks WHERE workspace_id = ? AND deleted = 0 ORDER BY created_ms DESC').all(workspaceId) as ReviewTaskRow[];
    return rows.map((row) => ({ ...row, result: readJson<ReviewTaskResult | null>(row.result, null) }));
  }

  /** Submitted tasks whose result may still change: the pull asks for these. */
  unfinishedReviewTasks(workspaceId: string): string[] {
    return prepared(this.local, `SELECT task_id FROM review_tasks WHERE workspace_id = ? AND deleted = 0 AND local_pending = 0 AND (status IS NULL OR status NOT IN (${FINAL_REVIEW_STATUSES.join(', ')}))`)
      .pluck()
      .all(workspaceId) as string[];
  }

  /** In the caller's transaction. */
  markReviewTask(workspaceId: string, taskId: string, change: { deleted?: boolean; status?: number | null }): void {
    if (change.deleted !== undefined) prepared(this.local, 'UPDATE review_tasks SET deleted = ? WHERE workspace_id = ? AND task_id = ?').run(change.deleted ? 1 : 0, workspaceId, taskId);
    if (change.status !== undefined) prepared(this.local, 'UPDATE review_tasks SET status = ? WHERE workspace_id = ? AND task_id = ?').run(change.status, workspaceId, taskId);
    prepared(this.local, 'UPDATE review_tasks SET local_pending = local_pending + 1 WHERE workspace_id = ? AND task_id = ?').run(workspaceId, taskId);
  }

  // ---- shared ----

  /** In the caller's transaction: one local change of the entity has left the outbox. */
  endLocalChange(table: EntityTable, workspaceId: string, key: string): void {
    prepared(this.local, `UPDATE ${table} SET local_pending = max(local_pending - 1, 0) WHERE workspace_id = ? AND ${KEY_COLUMN[table]} = ?`).run(workspaceId, key);
  }

  /** In the caller's transaction: a thing made offline got its server id. */
  renameEntity(table: EntityTable, workspaceId: string, localId: string, serverId: string): void {
    const column = KEY_COLUMN[table];
    prepared(this.local, `DELETE FROM ${table} WHERE workspace_id = ? AND ${column} = ?`).run(workspaceId, serverId);
    prepared(this.local, `UPDATE ${table} SET ${column} = ? WHERE workspace_id = ? AND ${column} = ?`).run(serverId, workspaceId, localId);
    if (table !== 'categories') return;
    const record = prepared(this.local, 'SELECT record FROM categories WHERE workspace_id = ? AND category_id = ?').pluck().get(workspaceId, serverId) as string | undefined;
    if (record === undefined) return;
    const renamed = { ...(JSON.parse(record) as Category), id: serverId };
    prepared(this.local, 'UPDATE categories SET record = ? WHERE workspace_id = ? AND category_id = ?').run(JSON.stringify(renamed), workspaceId, serverId);
  }
}

interface CategoryRow {
  record: string;
  fields: string | null;
  local_pending: number;
}

function categoryOf(row: CategoryRow): CachedCategory {
  return { ...(JSON.parse(row.record) as Category), fields: readJson<FieldsList | null>(row.fields, null), local_pending: row.local_pending };
}

type ReviewTaskRow = Omit<CachedReviewTask, 'result'> & { result: string | null };
