import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  IN_PROGRESS_STATUSES,
  LIMITS,
  TaskType,
  VerificationStatus,
  type ChildFile,
  type FileData,
  type FileFetchQuery,
  type FileList,
  type FileRecord,
  type PageInfo,
  type ParserParams,
} from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { invalidMember, stateConflict, unknownId } from '../http/engine-error.js';
import { answeredDocument, type ParsedFile } from '../pipeline/document/parsed-document.js';
import { detailPageUrl } from '../detail-pages/detail-links.js';
import { readJson } from './database.js';
import { paging } from './paging.js';

/** Upload options kept with a file; `category` is the one the user chose, which classification never overrides. */
export interface FileOptions {
  category?: string | undefined;
  auto_verify_vat?: boolean | undefined;
  split_flag?: boolean | undefined;
  crop_flag?: boolean | undefined;
  target_process?: 'classify' | 'extract' | undefined;
}

export interface FileRow {
  id: string;
  task_id: string;
  workspace_id: string;
  parent_task_id: string | null;
  task_type: number;
  batch_number: string;
  name: string;
  format: string;
  blob: string;
  size: number;
  recognition_status: number;
  verification_status: number;
  failure_causes: string | null;
  category: string;
  options: string;
  parser_params: string;
  pages: string;
  data: string | null;
  /** Not selected by listings that leave the document out. */
  document?: string | null;
  from_parent_position_list: string | null;
  crop_info: string | null;
  duration_ms: number | null;
  total_page_num: number;
  run_id: string | null;
  created_at: number;
  updated_at: number;
}

/** A crop child's place on its parent: the page, the angle its image was found turned, and (the engine's addition) its box on that page. */
export type CropInfo = NonNullable<ChildFile['crop_info']> & { imageAngle: string; position: number[] };

/** What the pipeline and the handlers may change on a file row; JSON members are encoded here. */
export interface FilePatch {
  recognition_status?: number;
  failure_causes?: string | null;
  category?: string;
  options?: FileOptions;
  parser_params?: ParserParams;
  pages?: PageInfo[];
  document?: ParsedFile['document'];
  data?: FileData | null;
  total_page_num?: number;
  crop_info?: CropInfo | null;
  duration_ms?: number;
  verification_status?: number;
  run_id?: string | null;
}

export interface NewFile {
  workspaceId: string;
  parentTaskId?: string;
  taskType: number;
  batchNumber: string;
  name: string;
  format: string;
  blob: string;
  size: number;
  category?: string;
  options: FileOptions;
  parserParams: ParserParams;
  fromParentPositionList?: number[];
}

/** Parameters a file is parsed with unless the upload says otherwise (contract and notes defaults). */
export const DEFAULT_PARSER_PARAMS = { dpi: 144, parse_mode: 'auto', apply_merge: 1 } as const satisfies ParserParams;

/** What a process_file job carries: the run it belongs to and where it starts. */
export interface RunPayload {
  runId: string;
  /** 'extract' re-runs extraction on the stored document; absent runs the whole pipeline. */
  stage?: 'extract';
}

const JSON_COLUMNS: ReadonlySet<string> = new Set(['options', 'parser_params', 'pages', 'document', 'data', 'crop_info']);
const COLUMNS_WITHOUT_DOCUMENT =
  'id, task_id, workspace_id, parent_task_id, task_type, batch_number, name, format, blob, size, recognition_status, verification_status, failure_causes, category, options, parser_params, pages, data, from_parent_position_list, crop_info, duration_ms, total_page_num, run_id, created_at, updated_at';

export function fileOptionsOf(row: FileRow): FileOptions {
  return readJson<FileOptions>(row.options, {});
}

export function parserParamsOf(row: FileRow): ParserParams {
  return readJson<ParserParams>(row.parser_params, {});
}

/** Inserts a file with a fresh run; the caller enqueues that run in the same transaction (see startRun). */
export function insertFile(deps: EngineDeps, file: NewFile): FileRow {
  const now = deps.now();
  const row: FileRow = {
    id: deps.ids.next(),
    task_id: deps.ids.next(),
    workspace_id: file.workspaceId,
    parent_task_id: file.parentTaskId ?? null,
    task_type: file.taskType,
    batch_number: file.batchNumber,
    name: file.name,
    format: file.format,
    blob: file.blob,
    size: file.size,
    recognition_status: 0,
    verification_status: VerificationStatus.pending,
    failure_causes: null,
    category: file.category ?? '',
    options: JSON.stringify(file.options),
    parser_params: JSON.stringify(file.parserParams),
    pages: '[]',
    data: null,
    document: null,
    from_parent_position_list: file.fromParentPositionList ? JSON.stringify(file.fromParentPositionList) : null,
    crop_info: null,
    duration_ms: null,
    total_page_num: 0,
    run_id: null,
    created_at: now,
    updated_at: now,
  };
  const columns = Object.keys(row);
  deps.db.prepare(`INSERT INTO files (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
  return row;
}

/** A new run of a file: status reset, cause cleared, a run id that makes any older job stale, and its job. */
export function startRun(deps: EngineDeps, fileId: string, options: { status?: number; stage?: RunPayload['stage']; patch?: FilePatch } = {}): void {
  const runId = randomUUID();
  patchFile(deps, fileId, { ...options.patch, recognition_status: options.status ?? 0, failure_causes: null, run_id: runId });
  const payload: RunPayload = options.stage ? { runId, stage: options.stage } : { runId };
  deps.queue.enqueue('process_file', fileId, { ...payload });
}

export function patchFile(deps: EngineDeps, fileId: string, patch: FilePatch): void {
  const { sql, args } = setClause(deps, patch);
  deps.db.prepare(`UPDATE files SET ${sql} WHERE id = ?`).run(...args, fileId);
}

/** A write of a job: applied only while the job's run is the file's current one. */
export function patchRun(deps: EngineDeps, fileId: string, runId: string, patch: FilePatch): boolean {
  const { sql, args } = setClause(deps, patch);
  return deps.db.prepare(`UPDATE files SET ${sql} WHERE id = ? AND run_id = ?`).run(...args, fileId, runId).changes > 0;
}

function setClause(deps: EngineDeps, patch: FilePatch): { sql: string; args: unknown[] } {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  const args = entries.map(([key, value]) => (JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : value));
  return { sql: [...entries.map(([key]) => `${key} = ?`), 'updated_at = ?'].join(', '), args: [...args, deps.now()] };
}

export function findFile(deps: EngineDeps, fileId: string): FileRow | undefined {
  return deps.db.prepare('SELECT * FROM files WHERE id = ?').get(fileId) as FileRow | undefined;
}

/** A task of the workspace that is not deleted; anything else is an unknown task. */
export function requireTask(deps: EngineDeps, workspaceId: string, taskId: string): FileRow {
  const row = deps.db.prepare('SELECT * FROM files WHERE workspace_id = ? AND task_id = ? AND verification_status <> ?').get(workspaceId, taskId, VerificationStatus.deleted) as FileRow | undefined;
  if (!row) throw unknownId('task', taskId);
  return row;
}

export function requireFile(deps: EngineDeps, workspaceId: string, fileId: string): FileRow {
  const row = deps.db.prepare('SELECT * FROM files WHERE workspace_id = ? AND id = ? AND verification_status <> ?').get(workspaceId, fileId, VerificationStatus.deleted) as FileRow | undefined;
  if (!row) throw unknownId('file', fileId);
  return row;
}

/** Changes that start a new run, or that a running job would overwrite, wait until the task has settled. */
export function requireSettled(task: FileRow): void {
  if ((IN_PROGRESS_STATUSES as readonly number[]).includes(task.recognition_status)) {
    throw stateConflict(`task ${task.task_id} is still being processed (recognition_status ${task.recognition_status}); try again once it has finished`);
  }
}

export function childrenOf(deps: EngineDeps, parentTaskId: string): FileRow[] {
  return deps.db.prepare('SELECT * FROM files WHERE parent_task_id = ? ORDER BY created_at, id').all(parentTaskId) as FileRow[];
}

// ---------- fetch ----------

export type FetchQuery = z.output<typeof FileFetchQuery>;
type FileListOut = z.input<typeof FileList>;
type FileRecordOut = z.input<typeof FileRecord>;
type ChildFileOut = z.input<typeof ChildFile>;

interface RecordView {
  withDocument: boolean;
  /** Set when task detail URLs are asked for. */
  detailOrigin: string | undefined;
  /** Set when page image URLs are asked for (with_image_url). */
  imageUrl?: PageImageUrl | undefined;
}

/** A signed URL of one page's picture (0-based page of the file). */
export type PageImageUrl = (fileId: string, page: number) => string;

export function fetchFiles(deps: EngineDeps, query: FetchQuery, origin: string, imageUrl?: PageImageUrl): FileListOut {
  const { page, pageSize, limit, offset } = paging(query.page, query.page_size, LIMITS.fetchPageSizeDefault);
  const view: RecordView = { withDocument: query.with_document ?? false, detailOrigin: query.with_task_detail_url ? origin : undefined, imageUrl };
  const { where, args } = fetchConditions(query);
  const total = (deps.db.prepare(`SELECT count(*) AS n FROM files WHERE ${where}`).get(...args) as { n: number }).n;
  const rows = deps.db
    .prepare(`SELECT ${columnsFor(view)} FROM files WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as FileRow[];
  const children = childrenByParent(deps, rows, view);
  return { total, page, page_size: pageSize, files: rows.map((row) => toFileRecord(row, children.get(row.task_id) ?? [], view)) };
}

/** One task as fetch answers it, document included (upload/sync, extract_fields). */
export function fetchTask(deps: EngineDeps, workspaceId: string, taskId: string, origin: string, withTaskDetailUrl = false): FileListOut {
  return fetchFiles(deps, { workspace_id: workspaceId, task_id: taskId, with_document: true, with_task_detail_url: withTaskDetailUrl }, origin);
}

function columnsFor(view: RecordView): string {
  return view.withDocument ? '*' : COLUMNS_WITHOUT_DOCUMENT;
}

// Top-level records are listed, children travel inside them; a file or task id may name a child.
function fetchConditions(query: FetchQuery): { where: string; args: unknown[] } {
  const conditions: [string, unknown?][] = [['workspace_id = ?', query.workspace_id]];
  if (query.file_id !== undefined) conditions.push(['id = ?', query.file_id]);
  if (query.task_id !== undefined) conditions.push(['task_id = ?', query.task_id]);
  if (query.file_id === undefined && query.task_id === undefined) conditions.push(['parent_task_id IS NULL']);
  if (query.batch_number !== undefined) conditions.push(['batch_number = ?', query.batch_number]);
  if (query.category) conditions.push(['category = ?', query.category]);
  if (query.recognition_status !== undefined) conditions.push(['recognition_status = ?', query.recognition_status]);
  conditions.push(query.verification_status !== undefined ? ['verification_status = ?', query.verification_status] : ['verification_status <> ?', VerificationStatus.deleted]);
  if (query.start_time !== undefined) conditions.push(['updated_at >= ?', Date.parse(query.start_time)]);
  if (query.end_time !== undefined) conditions.push(['updated_at <= ?', Date.parse(query.end_time)]);
  return { where: conditions.map(([sql]) => sql).join(' AND '), args: conditions.filter((c) => c.length > 1).map(([, arg]) => arg) };
}

/** Children of the listed parents; a deleted child shows only inside a deleted parent. */
function childrenByParent(deps: EngineDeps, parents: readonly FileRow[], view: RecordView): Map<string, FileRow[]> {
  const byParent = new Map<string, FileRow[]>();
  const parentIds = parents.filter((p) => p.task_type === TaskType.parent).map((p) => p.task_id);
  if (parentIds.length === 0) return byParent;
  const rows = deps.db
    .prepare(`SELECT ${columnsFor(view)} FROM files WHERE parent_task_id IN (${parentIds.map(() => '?').join(', ')}) ORDER BY created_at, id`)
    .all(...parentIds) as FileRow[];
  const deletedParents = new Set(parents.filter((p) => p.verification_status === VerificationStatus.deleted).map((p) => p.task_id));
  for (const row of rows) {
    if (row.verification_status === VerificationStatus.deleted && !deletedParents.has(row.parent_task_id!)) continue;
    byParent.set(row.parent_task_id!, [...(byParent.get(row.parent_task_id!) ?? []), row]);
  }
  return byParent;
}

function commonMembers(row: FileRow, view: RecordView) {
  const data = readJson<FileData | null>(row.data, null);
  const document = view.withDocument ? readJson<ParsedFile['document'] | null>(row.document, null) : null;
  return {
    id: row.id,
    task_id: row.task_id,
    ...(view.detailOrigin ? { task_detail_url: taskDetailUrl(view.detailOrigin, row) } : {}),
    task_type: row.task_type,
    batch_number: row.batch_number,
    name: row.name,
    format: row.format,
    recognition_status: row.recognition_status,
    ...(row.recognition_status === 2 ? { failure_causes: row.failure_causes ?? '' } : {}),
    verification_status: row.verification_status,
    category: row.category,
    pages: pagesOf(row, view),
    // Absent, not null, before extraction or parsing has produced them: the published schema has no null here.
    ...(data ? { data } : {}),
    ...(document ? { document: answeredDocument(document) } : {}),
  };
}

function pagesOf(row: FileRow, view: RecordView): PageInfo[] {
  const pages = readJson<PageInfo[]>(row.pages, []);
  const { imageUrl } = view;
  return imageUrl ? pages.map((info, index) => ({ ...info, image_url: imageUrl(row.id, index) })) : pages;
}

function childMembers(row: FileRow) {
  if (row.parent_task_id === null) return {};
  const positions = readJson<number[] | null>(row.from_parent_position_list, null);
  const cropInfo = readJson<{ page: number; imageAngle: string } | null>(row.crop_info, null);
  // A split child has no crop: the members are left out, the published schema has no null for them.
  return { parent_task_id: row.parent_task_id, ...(positions ? { from_parent_position_list: positions } : {}), ...(cropInfo ? { crop_info: cropInfo } : {}) };
}

export function toChildFile(row: FileRow, view: RecordView): ChildFileOut {
  return { ...commonMembers(row, view), ...childMembers(row) };
}

export function toFileRecord(row: FileRow, children: readonly FileRow[], view: RecordView): FileRecordOut {
  return {
    ...commonMembers(row, view),
    ...childMembers(row),
    child_files: children.map((child) => toChildFile(child, view)),
    ...(row.duration_ms !== null ? { duration_ms: row.duration_ms } : {}),
    total_page_num: row.total_page_num,
    parser_params: publicParserParams(parserParamsOf(row)),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The password is kept to re-run the file but never answered: clients cache records on disk. */
function publicParserParams(params: ParserParams): Omit<ParserParams, 'pdf_pwd'> {
  const { pdf_pwd: _password, ...rest } = params;
  return rest;
}

/** The task's read-only detail page (opened with a token from /auth/token). */
function taskDetailUrl(origin: string, row: FileRow): string {
  return detailPageUrl(origin, 'file', row.workspace_id, row.task_id);
}

// ---------- delete ----------

export interface DeleteConditions {
  batchNumbers: readonly string[];
  taskIds: readonly string[];
  fileIds: readonly string[];
  /** Epoch milliseconds, on creation time; both ends inclusive. */
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

/** Soft delete of the files matching any condition, their children with them; answers the files matched. */
export function softDeleteFiles(deps: EngineDeps, workspaceId: string, conditions: DeleteConditions): Pick<FileRow, 'id' | 'task_id' | 'parent_task_id'>[] {
  const { where, args } = deleteConditions(conditions);
  return deps.db.transaction(() => {
    const matched = deps.db
      .prepare(`SELECT id, task_id, parent_task_id FROM files WHERE workspace_id = ? AND verification_status <> ? AND (${where})`)
      .all(workspaceId, VerificationStatus.deleted, ...args) as Pick<FileRow, 'id' | 'task_id' | 'parent_task_id'>[];
    // The run id goes too, so that a job still working on a deleted file stops at its next step.
    const mark = deps.db.prepare('UPDATE files SET verification_status = ?, run_id = NULL, updated_at = ? WHERE (id = ? OR parent_task_id = ?) AND verification_status <> ?');
    for (const file of matched) mark.run(VerificationStatus.deleted, deps.now(), file.id, file.task_id, VerificationStatus.deleted);
    return matched;
  })();
}

function deleteConditions(c: DeleteConditions): { where: string; args: unknown[] } {
  const parts: { sql: string; args: unknown[] }[] = [];
  for (const [column, values] of [['batch_number', c.batchNumbers], ['task_id', c.taskIds], ['id', c.fileIds]] as const) {
    if (values.length > 0) parts.push({ sql: `${column} IN (${values.map(() => '?').join(', ')})`, args: [...values] });
  }
  if (c.createdFrom !== undefined || c.createdTo !== undefined) {
    parts.push({ sql: 'created_at BETWEEN ? AND ?', args: [c.createdFrom ?? 0, c.createdTo ?? Number.MAX_SAFE_INTEGER] });
  }
  if (parts.length === 0) throw invalidMember('body', 'give at least one condition: batch_number, task_id, file_id, or start_time/end_time');
  return { where: parts.map((p) => p.sql).join(' OR '), args: parts.flatMap((p) => p.args) };
}
