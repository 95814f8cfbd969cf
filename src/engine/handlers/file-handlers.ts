import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IN_PROGRESS_STATUSES,
  RecognitionStatus,
  TaskType,
  fileFormatOf,
  parserParamsOfUpload,
  type FileUploadQuery,
} from '../../shared/api/index.js';
import { formatTaken, formatsTaken } from '../cloud-stand-in.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../http/engine-error.js';
import type { Handlers } from '../http/handler.js';
import type { ReceivedFile } from '../http/multipart.js';
import { downloadLink, formatCause, type LinkLimits } from '../links/link-download.js';
import type { PageImageLinks } from '../page-images/page-image-links.js';
import { amendCategory } from '../pipeline/amend-category.js';
import { learnFromSave } from '../pipeline/learning/category-learning.js';
import { requireCategoryNamed } from '../pipeline/category-ref.js';
import { replaceFieldsAndItems } from '../pipeline/document/file-data.js';
import { extractOnRequest } from '../pipeline/extract/re-extract.js';
import { settleParent } from '../pipeline/split/split.js';
import { readJson } from '../store/database.js';
import {
  DEFAULT_PARSER_PARAMS,
  fetchFiles,
  fetchTask,
  insertFile,
  parserParamsOf,
  patchFile,
  requireFile,
  requireSettled,
  requireTask,
  softDeleteFiles,
  startRun,
  type FileRow,
} from '../store/file-store.js';
import { requireWorkspace } from '../store/workspace-store.js';

type FileRoutes = 'fileFetch' | 'fileUpload' | 'fileUploadSync' | 'fileExtractFields' | 'fileAmendCategory' | 'fileUpdate' | 'fileDelete' | 'fileRetry';

const SYNC_POLL_MS = 50;
const SYNC_WAIT_MS = 120_000;

/** `linkLimits`: what an upload by link may download. */
export function createFileHandlers(deps: EngineDeps, links: PageImageLinks, linkLimits: LinkLimits): Pick<Handlers, FileRoutes> {
  const intakeAll = async (query: FileUploadQuery, files: readonly ReceivedFile[], urls: readonly string[] | undefined) =>
    urls ? intakeLinks(deps, query, urls, linkLimits) : [await intake(deps, query, files[0]!)];
  return {
    fileFetch: ({ query, origin }) => {
      requireWorkspace(deps, query.workspace_id);
      return fetchFiles(deps, query, origin, query.with_image_url ? (fileId, page) => links.urlOf(origin, fileId, page) : undefined);
    },
    fileUpload: async ({ query, files, links: byLink }) => {
      const rows = await intakeAll(query, files, byLink?.urls);
      return { batch_number: rows[0]!.batch_number, files: rows.map((row) => ({ id: row.id, name: row.name, format: row.format, task_id: row.task_id })) };
    },
    fileUploadSync: async ({ query, files, links: byLink, origin }) => {
      const rows = await intakeAll(query, files, byLink?.urls);
      const lists = [];
      for (const row of rows) {
        await settled(deps, row.id);
        lists.push(fetchTask(deps, row.workspace_id, row.task_id, origin, query.with_task_detail_url));
      }
      return { ...lists[0]!, total: rows.length, files: lists.flatMap((list) => list.files ?? []) };
    },
    fileExtractFields: ({ body, origin }) => {
      extractOnRequest(deps, body);
      return fetchTask(deps, body.workspace_id, body.task_id, origin);
    },
    fileAmendCategory: ({ body }) => amendCategory(deps, body),
    fileUpdate: ({ body }) => {
      const files = deps.db.transaction(() =>
        body.map((entry) => {
          requireWorkspace(deps, entry.workspace_id);
          const file = requireFile(deps, entry.workspace_id, entry.file_id);
          requireSettled(file);
          patchFile(deps, file.id, { data: replaceFieldsAndItems(readJson(file.data, null), entry.data) });
          learnFromSave(deps, file, (entry.data.fields ?? []).map((f) => ({ key: f.key, value: f.value, position: f.position ?? [] })));
          return { workspace_id: entry.workspace_id, id: file.id };
        }),
      )();
      return { files };
    },
    fileDelete: ({ body }) => {
      requireWorkspace(deps, body.workspace_id);
      const deleted = softDeleteFiles(deps, body.workspace_id, {
        batchNumbers: body.batch_number ?? [],
        taskIds: body.task_id ?? [],
        fileIds: body.file_id ?? [],
        createdFrom: body.start_time === undefined ? undefined : body.start_time * 1000,
        createdTo: body.end_time === undefined ? undefined : body.end_time * 1000 + 999,
      });
      // A parent waiting for a child that is now deleted settles on the remaining ones.
      for (const file of deleted) settleParent(deps, file);
      return { deleted_count: deleted.length };
    },
    fileRetry: ({ body }) => {
      requireWorkspace(deps, body.workspace_id);
      const task = requireTask(deps, body.workspace_id, body.task_id);
      requireSettled(task);
      deps.db.transaction(() => startRun(deps, task.id, { patch: { parser_params: { ...parserParamsOf(task), ...body.parser_params } } }))();
    },
  };
}

/** Checks an upload, stores the original and creates the file with its first run in one transaction. */
async function intake(deps: EngineDeps, query: FileUploadQuery, file: ReceivedFile): Promise<FileRow> {
  requireWorkspace(deps, query.workspace_id);
  const format = formatTaken(file.fileName, deps.cloudStandIn);
  if (!format) throw new EngineError('unsupportedFile', `'${file.fileName}' is not a supported file type; supported formats: ${formatsTaken(deps.cloudStandIn).join(', ')}`);
  if (query.category) requireCategoryNamed(deps, query.workspace_id, query.category, 'category', { enabled: true });
  const { sha256, size } = await deps.blobs.adopt(file.tempPath);
  const parent = query.split_flag === true || query.crop_flag === true;
  return deps.db.transaction(() => {
    const row = insertFile(deps, {
      workspaceId: query.workspace_id,
      taskType: parent ? TaskType.parent : TaskType.regular,
      batchNumber: query.batch_number ?? generatedBatchNumber(new Date(deps.now())),
      name: file.fileName,
      format,
      blob: sha256,
      size,
      options: {
        category: query.category || undefined,
        auto_verify_vat: query.auto_verify_vat,
        split_flag: query.split_flag,
        crop_flag: query.crop_flag,
        target_process: query.target_process,
      },
      parserParams: { ...DEFAULT_PARSER_PARAMS, ...parserParamsOfUpload(query) },
    });
    startRun(deps, row.id);
    return row;
  })();
}

/**
 * Upload by link: the links are downloaded side by side, each into one file of the same batch. A link
 * that cannot be downloaded, or is not in a format the service takes, is a file that failed, with a
 * cause the clerk can read; the others go on.
 */
async function intakeLinks(deps: EngineDeps, query: FileUploadQuery, urls: readonly string[], limits: LinkLimits): Promise<FileRow[]> {
  requireWorkspace(deps, query.workspace_id);
  if (query.category) requireCategoryNamed(deps, query.workspace_id, query.category, 'category', { enabled: true });
  const batchQuery = { ...query, batch_number: query.batch_number ?? generatedBatchNumber(new Date(deps.now())) };
  const outcomes = await Promise.all(urls.map((url) => downloadLink(url, deps.tempDir, limits)));
  const rows: FileRow[] = [];
  for (const outcome of outcomes) {
    const cause = outcome.ok ? formatCause(outcome.file.fileName, deps.cloudStandIn) : outcome.cause;
    if (outcome.ok && cause === undefined) rows.push(await intake(deps, batchQuery, outcome.file));
    else {
      if (outcome.ok) await rm(outcome.file.tempPath, { force: true });
      rows.push(await failedIntake(deps, batchQuery, outcome.ok ? outcome.file.fileName : outcome.fileName, cause!));
    }
  }
  return rows;
}

/** A file that never arrived: recorded as failed (status 2) with its cause, holding no bytes. */
async function failedIntake(deps: EngineDeps, query: FileUploadQuery & { batch_number: string }, fileName: string, cause: string): Promise<FileRow> {
  const empty = join(deps.tempDir, `empty-${deps.ids.next()}`);
  await writeFile(empty, '');
  const { sha256 } = await deps.blobs.adopt(empty);
  return deps.db.transaction(() => {
    const row = insertFile(deps, {
      workspaceId: query.workspace_id,
      taskType: TaskType.regular,
      batchNumber: query.batch_number,
      name: fileName,
      format: fileFormatOf(fileName) ?? '',
      blob: sha256,
      size: 0,
      options: {},
      parserParams: DEFAULT_PARSER_PARAMS,
    });
    patchFile(deps, row.id, { recognition_status: RecognitionStatus.failed, failure_causes: cause });
    return { ...row, recognition_status: RecognitionStatus.failed, failure_causes: cause };
  })();
}

/** 'B' + UTC yyyyMMddHHmmss + 3 random digits: 18 characters, within the contract's 20. */
export function generatedBatchNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `B${stamp}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

async function settled(deps: EngineDeps, fileId: string): Promise<void> {
  const deadline = deps.now() + SYNC_WAIT_MS;
  const statusOf = deps.db.prepare('SELECT recognition_status FROM files WHERE id = ?').pluck();
  while ((IN_PROGRESS_STATUSES as readonly unknown[]).includes(statusOf.get(fileId)) && deps.now() < deadline) await sleep(SYNC_POLL_MS);
}
