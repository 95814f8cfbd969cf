import { z } from 'zod';
import { RECOGNITION_STATUSES, VERIFICATION_STATUSES, VerificationStatus } from '../../../shared/api/index.js';
import {
  FILE_SORT_KEYS,
  FileListQuery as ContractFileListQuery,
  InvoiceStatus,
  type FileListPage,
  type FileSummary,
} from '../../../shared/ipc/channels/files.js';
import { CoreError, parseInput } from '../core-error.js';
import { prepared, type Db } from './cache-db.js';
import { ftsQueryOf } from './fts-text.js';

const SORT_COLUMNS: Record<(typeof FILE_SORT_KEYS)[number], string> = {
  updated_at: 'updated_ms',
  name: 'name',
  category: 'category',
  batch_number: 'batch_number',
  recognition_status: 'recognition_status',
  verification_status: 'verification_status',
  invoice_status: 'invoice_status',
};

/** One value, or any of several. */
function oneOrMany<T extends z.ZodType>(value: T) {
  return z.union([value, z.array(value).min(1).max(20)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
}

const statusOf = <T extends readonly number[]>(values: T) =>
  oneOrMany(z.number().int().refine((v) => values.includes(v), { message: `must be one of ${values.join(', ')}` }));

/**
 * The documents list query of the IPC contract (every filter of /file/fetch, plus invoice status
 * and full-text search, sorted and paged), widened for the core's other callers: several values
 * per status filter, an offset, and ranking by relevance.
 */
export const FileListQuery = ContractFileListQuery.extend({
  /** Rows to skip, for windows of a virtualized list; when given, `page` is not used. */
  offset: z.number().int().min(0).optional(),
  recognition_status: statusOf(RECOGNITION_STATUSES).optional(),
  /** Deleted files (4) are listed only when asked for, as /file/fetch does. */
  verification_status: statusOf(VERIFICATION_STATUSES).optional(),
  invoice_status: oneOrMany(InvoiceStatus).optional(),
  /** `relevance` ranks full-text hits (bm25) and needs `text`. */
  sort: z.enum([...FILE_SORT_KEYS, 'relevance']).default('updated_at'),
});
export type FileListQuery = z.input<typeof FileListQuery>;

export const SUMMARY_COLUMNS =
  'file_id, task_id, parent_task_id, task_type, batch_number, name, format, recognition_status, failure_causes, verification_status, category, invoice_status, total_page_num, updated_ms, local_pending, local_action';

/** The WHERE clause and its arguments; exported so that benchmarks compare against the same rows. */
export function fileListConditions(query: z.output<typeof FileListQuery>): { where: string; args: unknown[] } {
  const conditions: [string, ...unknown[]][] = [['workspace_id = ?', query.workspace_id]];
  if (query.file_id !== undefined) conditions.push(['file_id = ?', query.file_id]);
  if (query.task_id !== undefined) conditions.push(['task_id = ?', query.task_id]);
  // Top-level files are listed; a file or task id may name a child, as in /file/fetch.
  if (query.file_id === undefined && query.task_id === undefined) conditions.push(['parent_task_id IS NULL']);
  if (query.batch_number !== undefined) conditions.push(['batch_number = ?', query.batch_number]);
  if (query.category) conditions.push(['category = ?', query.category]);
  if (query.recognition_status !== undefined) conditions.push(inList('recognition_status', query.recognition_status));
  if (query.verification_status !== undefined) conditions.push(inList('verification_status', query.verification_status));
  // Written out, not bound: the partial list indexes are used only when the query states their condition.
  if (!query.verification_status?.includes(VerificationStatus.deleted)) conditions.push([`verification_status <> ${VerificationStatus.deleted}`]);
  if (query.start_time !== undefined) conditions.push(['updated_ms >= ?', Date.parse(query.start_time)]);
  if (query.end_time !== undefined) conditions.push(['updated_ms <= ?', Date.parse(query.end_time)]);
  if (query.invoice_status !== undefined) conditions.push(inList('invoice_status', query.invoice_status));
  if (query.pending_only) conditions.push(['local_pending > 0']);
  return { where: conditions.map(([sql]) => sql).join(' AND '), args: conditions.flatMap(([, ...args]) => args) };
}

function inList(column: string, values: readonly unknown[]): [string, ...unknown[]] {
  return [`${column} IN (${values.map(() => '?').join(', ')})`, ...values];
}

/**
 * The full-text part of a list query: the files whose recognized text, name or field values
 * match, read first (CROSS JOIN keeps that order), so that a rare word costs little however many
 * files are cached. Ranked (bm25, lower is better) only when sorting by relevance.
 */
function textSource(match: string, ranked: boolean): { from: string; args: unknown[] } {
  const hits = ranked
    ? `SELECT rid, min(score) AS score FROM (
         SELECT rowid AS rid, bm25(document_text) AS score FROM document_text WHERE document_text MATCH ?
         UNION ALL SELECT rowid, bm25(field_text) FROM field_text WHERE field_text MATCH ?) GROUP BY rid`
    : 'SELECT rowid AS rid FROM document_text WHERE document_text MATCH ? UNION SELECT rowid FROM field_text WHERE field_text MATCH ?';
  return { from: `FROM (${hits}) AS hits CROSS JOIN files ON files.rid = hits.rid`, args: [match, match] };
}

export function fileListOrder(query: z.output<typeof FileListQuery>): string {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  if (query.sort === 'relevance') return 'hits.score ASC, file_id ASC';
  return `${SORT_COLUMNS[query.sort]} ${direction}, file_id ${direction}`;
}

export function listFiles(db: Db, input: FileListQuery): FileListPage {
  const query = parseInput(FileListQuery, input, 'file list');
  const match = query.text === undefined ? undefined : ftsQueryOf(query.text);
  if (query.text !== undefined && match === undefined) return { total: 0, page: query.page, page_size: query.page_size, files: [] };
  if (query.sort === 'relevance' && match === undefined) throw new CoreError('INVALID_INPUT', 'file list: sorting by relevance needs a search text');
  const source = match === undefined ? { from: 'FROM files', args: [] } : textSource(match, query.sort === 'relevance');
  const { where, args } = fileListConditions(query);
  const offset = query.offset ?? (query.page - 1) * query.page_size;
  const order = fileListOrder(query);
  // One read transaction: the total and the page describe the same moment.
  return db.transaction(() => {
    // A text search counts in the same pass as it pages (a window), so that the hits are read once.
    const counted = source.args.length > 0 ? ', count(*) OVER () AS matched' : '';
    const rows = prepared(db, `SELECT ${SUMMARY_COLUMNS}${counted} ${source.from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...source.args, ...args, query.page_size, offset) as (FileSummary & { matched?: number })[];
    const total = rows[0]?.matched ?? (prepared(db, `SELECT count(*) ${source.from} WHERE ${where}`).pluck().get(...source.args, ...args) as number);
    const files = counted ? rows.map(({ matched: _matched, ...file }) => file) : rows;
    return { total, page: query.page, page_size: query.page_size, files };
  })();
}
