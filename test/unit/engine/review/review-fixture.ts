import type { EngineDeps } from '../../../../src/engine/engine-deps.js';
import { JobQueue, type Job } from '../../../../src/engine/jobs/job-queue.js';
import { openEngineDb } from '../../../../src/engine/store/database.js';
import { IdGenerator } from '../../../../src/engine/store/ids.js';
import { insertGroup, insertRepo, insertRule, type RuleContent } from '../../../../src/engine/store/review-store.js';
import { createWorkspace } from '../../../../src/engine/store/workspace-store.js';
import type { ReviewFile } from '../../../../src/shared/rule-evaluation/review-file.js';

/** An in-memory engine store with a queue that is never started: tests claim review jobs themselves. */
export function reviewDeps(): EngineDeps & { workspaceId: string } {
  const db = openEngineDb(':memory:');
  const deps = { db, ids: new IdGenerator(), queue: new JobQueue(db), now: Date.now } as EngineDeps;
  return { ...deps, workspaceId: createWorkspace(deps, { name: 'review tests', auth_scope: 0 }) };
}

export function addCategory(deps: EngineDeps, workspaceId: string, name: string, fieldNames: readonly string[] = []): { id: string; fieldIds: string[] } {
  const id = deps.ids.next();
  deps.db.prepare('INSERT INTO categories (id, workspace_id, name, created_at, updated_at) VALUES (?, ?, ?, 0, 0)').run(id, workspaceId, name);
  const fieldIds = fieldNames.map((field, ord) => {
    const fieldId = deps.ids.next();
    deps.db.prepare('INSERT INTO category_fields (id, category_id, name, definition, ord) VALUES (?, ?, ?, ?, ?)').run(fieldId, id, field, JSON.stringify({ name: field }), ord);
    return fieldId;
  });
  return { id, fieldIds };
}

export interface FileSpec {
  name: string;
  category?: string;
  status?: number;
  failureCauses?: string;
  batchNumber?: string;
  parentTaskId?: string;
}

/** A file row as the pipeline leaves it; returns its task id. */
export function addFile(deps: EngineDeps, workspaceId: string, spec: FileSpec): string {
  const taskId = deps.ids.next();
  deps.db
    .prepare(
      `INSERT INTO files (id, task_id, workspace_id, parent_task_id, task_type, batch_number, name, format, blob, size,
        recognition_status, failure_causes, category, options, parser_params, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'txt', 'none', 0, ?, ?, ?, '{}', '{}', 0, 0)`,
    )
    .run(deps.ids.next(), taskId, workspaceId, spec.parentTaskId ?? null, spec.parentTaskId ? 0 : 1, spec.batchNumber ?? 'b1', spec.name, spec.status ?? 1, spec.failureCauses ?? null, spec.category ?? '');
  return taskId;
}

/** /file/delete marks files deleted rather than removing them. */
export function softDeleteFile(deps: EngineDeps, taskId: string): void {
  deps.db.prepare('UPDATE files SET verification_status = 4 WHERE task_id = ?').run(taskId);
}

export function setFileStatus(deps: EngineDeps, taskId: string, status: number): void {
  deps.db.prepare('UPDATE files SET recognition_status = ? WHERE task_id = ?').run(status, taskId);
}

/** A repository with one group and the given rules (risk 20, no referenced fields). */
export function addRepo(deps: EngineDeps, workspaceId: string, rules: readonly Partial<RuleContent>[]) {
  const repoId = insertRepo(deps, workspaceId, 'repo', 'alpha-v4-pro');
  const groupId = insertGroup(deps, repoId, 'group');
  const ruleIds = rules.map((r, i) =>
    insertRule(deps, repoId, { groupId, name: `rule ${i + 1}`, prompt: `prompt ${i + 1}`, categoryIds: [], referencedFields: [], riskLevel: 20, ...r }),
  );
  return { repoId, groupId, ruleIds };
}

/** Takes the oldest queued job as the queue would. */
export function claimJob(deps: EngineDeps): Job | undefined {
  const row = deps.db.prepare("DELETE FROM jobs WHERE id = (SELECT min(id) FROM jobs WHERE state = 'queued') RETURNING *").get() as
    | (Omit<Job, 'payload'> & { payload: string })
    | undefined;
  return row && { ...row, payload: JSON.parse(row.payload) as Record<string, unknown> };
}

export function reviewFile(spec: Partial<ReviewFile> & { name: string }): ReviewFile {
  return {
    fileId: `f-${spec.name}`,
    taskId: `t-${spec.name}`,
    category: '',
    categoryId: undefined,
    recognitionStatus: 1,
    failureCauses: null,
    pages: [],
    data: null,
    document: null,
    ...spec,
  };
}
