import { z } from 'zod';
import {
  AmendCategoryBody,
  DateTimeText,
  DocumentPage,
  ExtractFieldsBody,
  FileRecord,
  FileRetryBody,
  FileUpdateEntry,
  RECOGNITION_STATUSES,
  SplitBoundaries,
  SplitBoundariesQuery,
  VERIFICATION_STATUSES,
} from '../../api/index.js';
import { invokeSpec } from '../invoke-spec.js';
import { LocalChange, WorkspaceArgs } from '../local-change.js';

// Records that mirror the service's keep its snake_case member names.

export const INVOICE_STATUSES = ['verified', 'failed', 'not_verified'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const FILE_SORT_KEYS = ['updated_at', 'name', 'category', 'batch_number', 'recognition_status', 'verification_status', 'invoice_status'] as const;

/** Every filter of /file/fetch, plus invoice status and full-text search, sorted and paged; answered from the cache. */
export const FileListQuery = z.strictObject({
  workspace_id: z.string().min(1),
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(1000).default(100),
  batch_number: z.string().min(1).optional(),
  file_id: z.string().min(1).optional(),
  task_id: z.string().min(1).optional(),
  category: z.string().optional(),
  recognition_status: z.literal(RECOGNITION_STATUSES).optional(),
  /** Deleted files (4) are listed only when asked for, as /file/fetch does. */
  verification_status: z.literal(VERIFICATION_STATUSES).optional(),
  /** Bounds on the update time, both inclusive. */
  start_time: DateTimeText.optional(),
  end_time: DateTimeText.optional(),
  invoice_status: InvoiceStatus.optional(),
  /** Words of the recognized text, the file name or the field values; the last one as a prefix. */
  text: z.string().max(500).optional(),
  /** Only files with local changes not yet on the server. */
  pending_only: z.boolean().optional(),
  sort: z.enum(FILE_SORT_KEYS).default('updated_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type FileListQuery = z.input<typeof FileListQuery>;

/** One row of the documents list: no data, no document. */
export const FileSummary = z.object({
  file_id: z.string(),
  task_id: z.string(),
  parent_task_id: z.string().nullable(),
  task_type: z.number().int(),
  batch_number: z.string(),
  name: z.string(),
  format: z.string(),
  recognition_status: z.number().int(),
  failure_causes: z.string().nullable(),
  verification_status: z.number().int(),
  category: z.string(),
  invoice_status: InvoiceStatus,
  total_page_num: z.number().int(),
  updated_ms: z.number().nullable(),
  /** Local changes not yet accepted by the server. */
  local_pending: z.number().int().nonnegative(),
  /** The last action queued for the file (correct, amend-category, re-extract, retry, delete). */
  local_action: z.string().nullable(),
});
export type FileSummary = z.infer<typeof FileSummary>;

export const FileListPage = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
  files: z.array(FileSummary),
});
export type FileListPage = z.infer<typeof FileListPage>;

/** What the clerk's desk knows of a file beyond the server's record. */
export const LocalState = z.object({
  pending: z.number().int().nonnegative(),
  action: z.string().nullable(),
  /** A conflict waits for the clerk on this file. */
  conflict: z.boolean(),
});
export type LocalState = z.infer<typeof LocalState>;

/** A cached file as the UI reads it: the server's record with local changes applied. */
export const CachedFile = FileRecord.extend({ local: LocalState });
export type CachedFile = z.infer<typeof CachedFile>;

/** Several files of one workspace. */
export const FileIdsArgs = WorkspaceArgs.extend({ file_ids: z.array(z.string().min(1)).min(1) });

const FileRef = z.strictObject({ workspace_id: z.string().min(1), file_id: z.string().min(1) });

/** One page of a file's recognised text: `page` is its index in the document's pages[]. */
export const DocumentPageRef = FileRef.extend({ page: z.number().int().nonnegative() });

/** The page's lines with boxes (null until the document is fetched, or past its last page) and the document's number of pages. */
export const DocumentPageAnswer = z.object({ page: DocumentPage.nullable(), page_count: z.number().int().nonnegative() });
export type DocumentPageAnswer = z.infer<typeof DocumentPageAnswer>;

export const fileChannels = {
  'files.list': invokeSpec(FileListQuery, FileListPage),
  /** The cached record with data (fields, tables, stamps, invoice result), pages and child files, local edits applied. */
  'files.get': invokeSpec(FileRef, CachedFile),
  /** Recognized text lines with boxes (data/document) of one page: a long file's whole document is megabytes, and the viewer shows one page. */
  'files.documentPage': invokeSpec(DocumentPageRef, DocumentPageAnswer),
  /** The original bytes, for the viewer (pdf.js or an image). */
  'files.source': invokeSpec(FileRef, z.object({ name: z.string(), format: z.string(), bytes: z.instanceof(Uint8Array) })),
  /** Proofreading: the fields (and table rows) as edited; the push always sends the complete set. */
  'files.saveData': invokeSpec(FileUpdateEntry, LocalChange),
  'files.amendCategory': invokeSpec(AmendCategoryBody, LocalChange),
  /** Local engine only, online: how a split file's pages were cut into documents, each boundary with its confidence. */
  'files.splitBoundaries': invokeSpec(SplitBoundariesQuery, SplitBoundaries),
  /** Extract again, with prompts per field or table. */
  'files.reExtract': invokeSpec(ExtractFieldsBody, LocalChange),
  'files.retry': invokeSpec(FileRetryBody, LocalChange),
  'files.delete': invokeSpec(FileIdsArgs, LocalChange),
  /** Fetches data and documents now, so the files open offline. */
  'files.prefetch': invokeSpec(FileIdsArgs, z.object({ fetched: z.number().int() })),
} as const;
