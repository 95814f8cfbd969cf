import { VerificationStatus, type FileData, type FileDocument, type PageInfo } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { unknownId } from '../http/engine-error.js';
import { readJson } from '../store/database.js';
import type { ReviewFile } from '../../shared/rule-evaluation/review-file.js';

interface FileRow {
  id: string;
  task_id: string;
  parent_task_id: string | null;
  name: string;
  category: string;
  recognition_status: number;
  failure_causes: string | null;
  pages: string;
  data: string | null;
  document: string | null;
}

/** Extraction task ids of a submit: the given ones (all known in the workspace) and a batch's top-level tasks. */
export function resolveExtractTaskIds(deps: EngineDeps, workspaceId: string, given: readonly string[], batchNumber: string | undefined): string[] {
  const missing = missingTaskIds(deps, workspaceId, given);
  if (missing.length > 0) throw unknownId('extraction task', missing.join(', '));
  const ids = batchNumber === undefined ? [] : batchTaskIds(deps, workspaceId, batchNumber);
  return [...new Set([...given, ...ids])];
}

/** Files are deleted softly (verification_status 4): a deleted file is gone for a review. */
const LIVE = `verification_status <> ${VerificationStatus.deleted}`;

function batchTaskIds(deps: EngineDeps, workspaceId: string, batchNumber: string): string[] {
  const rows = deps.db
    .prepare(`SELECT task_id FROM files WHERE workspace_id = ? AND batch_number = ? AND parent_task_id IS NULL AND ${LIVE} ORDER BY created_at, id`)
    .all(workspaceId, batchNumber) as { task_id: string }[];
  if (rows.length === 0) throw unknownId('batch', batchNumber);
  return rows.map((r) => r.task_id);
}

export function missingTaskIds(deps: EngineDeps, workspaceId: string, taskIds: readonly string[]): string[] {
  const known = deps.db.prepare(`SELECT 1 FROM files WHERE workspace_id = ? AND task_id = ? AND ${LIVE}`);
  return taskIds.filter((id) => known.get(workspaceId, id) === undefined);
}

/**
 * The files a review reads: a task's split or crop children stand for it (the parent holds no
 * category of its own); a task without children is its own file.
 */
export function loadReviewFiles(deps: EngineDeps, workspaceId: string, taskIds: readonly string[]): ReviewFile[] {
  const categoryIds = categoryIdsByName(deps, workspaceId);
  const rowsOf = deps.db.prepare(`SELECT * FROM files WHERE workspace_id = ? AND (task_id = ? OR parent_task_id = ?) AND ${LIVE} ORDER BY created_at, id`);
  return taskIds.flatMap((taskId) => {
    const rows = rowsOf.all(workspaceId, taskId, taskId) as FileRow[];
    const children = rows.filter((r) => r.parent_task_id === taskId);
    return (children.length > 0 ? children : rows).map((row) => toReviewFile(row, categoryIds));
  });
}

function categoryIdsByName(deps: EngineDeps, workspaceId: string): Map<string, string> {
  const rows = deps.db.prepare('SELECT id, name FROM categories WHERE workspace_id = ?').all(workspaceId) as { id: string; name: string }[];
  return new Map(rows.map((r) => [r.name, r.id]));
}

function toReviewFile(row: FileRow, categoryIds: ReadonlyMap<string, string>): ReviewFile {
  return {
    fileId: row.id,
    taskId: row.task_id,
    name: row.name,
    category: row.category,
    categoryId: categoryIds.get(row.category),
    recognitionStatus: row.recognition_status,
    failureCauses: row.failure_causes,
    pages: readJson<PageInfo[]>(row.pages, []),
    data: readJson<FileData | null>(row.data, null),
    document: readJson<FileDocument | null>(row.document, null),
  };
}
