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

/**
 * The WHERE clause and its arguments; exported so that benchmarks compare against the same rows.
 * `listed`: the query keeps to listed files (top-level, not deleted), the condition of the partial
 * list indexes. `filtered`: it asks more than the workspace's listed files.
 */
export function fileListConditions(query: z.output<typeof FileListQuery>): { where: string; args: unknown[]; listed: boolean; filtered: boolean } {
  const filters: [string, ...unknown[]][] = [];
  if (query.file_id !== undefined) filters.push(['file_id = ?', query.file_id]);
  if (query.task_id !== undefined) filters.push(['task_id = ?', query.task_id]);
  if (query.batch_number !== undefined) filters.push(['batch_number = ?', query.batch_number]);
  if (query.category) filters.push(['category = ?', query.category]);
  if (query.recognition_status !== undefined) filters.push(inList('recognition_status', query.recognition_status));
  if (query.verification_status !== undefined) filters.push(inList('verification_status', query.verification_status));
  if (query.start_time !== undefined) filters.push(['updated_ms >= ?', Date.parse(query.start_time)]);
  if (query.end_time !== undefined) filters.push(['updated_ms <= ?', Date.parse(query.end_time)]);
  if (query.invoice_status !== undefined) filters.push(inList('invoice_status', query.invoice_status));
  if (query.pending_only) filters.push(['local_pending > 0']);
  const conditions: [string, ...unknown[]][] = [['workspace_id = ?', query.workspace_id], ...filters];
  // Top-level files are listed; a file or task id may name a child, as in /file/fetch.
  const topLevel = query.file_id === undefined && query.task_id === undefined;
  if (topLevel) conditions.push(['parent_task_id IS NULL']);
  // Written out, not bound: the partial list indexes are used only when the query states their condition.
  const live = !query.verification_status?.includes(VerificationStatus.deleted);
  if (live) conditions.push([`verification_status <> ${VerificationStatus.deleted}`]);
  return {
    where: conditions.map(([sql]) => sql).join(' AND '),
    args: conditions.flatMap(([, ...args]) => args),
    listed: topLevel && live,
    filtered: filters.length > 0,
  };
}

function inList(column: string, values: readonly unknown[]): [string, ...unknown[]] {
  return [`${column} IN (${values.map(() => '?').join(', ')})`, ...values];
}

/** The files whose recognized text, name or field values match, into the scratch table. */
const HITS = 'INSERT INTO temp.search_hits (rid) SELECT rowid FROM search_text WHERE search_text MATCH ?';
/** The same, ranked (bm25 over the three columns, lower is better). */
const RANKED_HITS = 'INSERT INTO temp.search_hits (rid, score) SELECT rowid, bm25(search_text) FROM search_text WHERE search_text MATCH ?';

/**
 * The files that are not the workspace's listed files, each through an index of its own: child
 * files, deleted top-level files, listed files of other workspaces (@limit of them at most), and how
 * many of them are hits.
 */
const UNLISTED_HITS = `SELECT count(*) AS unlisted, coalesce(sum(rid IN (SELECT rid FROM temp.search_hits)), 0) AS hits FROM (
  SELECT rid FROM files INDEXED BY files_children WHERE parent_task_id IS NOT NULL
  UNION ALL SELECT rid FROM files INDEXED BY files_deleted WHERE verification_status = ${VerificationStatus.deleted} AND parent_task_id IS NULL
  UNION ALL SELECT rid FROM files INDEXED BY files_by_updated WHERE workspace_id < @workspace AND parent_task_id IS NULL AND verification_status <> ${VerificationStatus.deleted}
  UNION ALL SELECT rid FROM files INDEXED BY files_by_updated WHERE workspace_id > @workspace AND parent_task_id IS NULL AND verification_status <> ${VerificationStatus.deleted}
  LIMIT @limit)`;

/** What one list query asks of the files table. */
interface ListPlan {
  workspaceId: string;
  where: string;
  args: unknown[];
  listed: boolean;
  filtered: boolean;
  order: string;
  limit: number;
  offset: number;
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
  const plan = { workspaceId: query.workspace_id, ...fileListConditions(query), order: fileListOrder(query), limit: query.page_size, offset: query.offset ?? (query.page - 1) * query.page_size };
  // One read transaction: the total and the page describe the same moment.
  const { total, files } = db.transaction(() => (match === undefined ? listedPage(db, plan) : matchedPage(db, plan, match, query.sort === 'relevance')))();
  return { total, page: query.page, page_size: query.page_size, files };
}

function listedPage(db: Db, { where, args, order, limit, offset }: ListPlan): { total: number; files: FileSummary[] } {
  const files = prepared(db, `SELECT ${SUMMARY_COLUMNS} FROM files WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...args, limit, offset) as FileSummary[];
  const total = prepared(db, `SELECT count(*) FROM files WHERE ${where}`).pluck().get(...args) as number;
  return { total, files };
}

/**
 * A full-text page: the hits are read once into a scratch table of the connection, then counted
 * against the conditions, the page's row ids are found, and only their rows are read.
 */
function matchedPage(db: Db, plan: ListPlan, match: string, ranked: boolean): { total: number; files: FileSummary[] } {
  const total = matchedTotal(db, plan, collectHits(db, match, ranked));
  if (plan.offset >= total) return { total, files: [] };
  return { total, files: summariesOf(db, pageRids(db, plan, ranked ? undefined : total)) };
}

const withHitTable = new WeakSet<Db>();

/** Puts the matching row ids (with their rank when `ranked`) in temp.search_hits; answers how many. */
function collectHits(db: Db, match: string, ranked: boolean): number {
  if (!withHitTable.has(db)) {
    db.exec('CREATE TEMP TABLE IF NOT EXISTS search_hits (rid INTEGER PRIMARY KEY, score REAL)');
    withHitTable.add(db);
  }
  prepared(db, 'DELETE FROM temp.search_hits').run();
  return prepared(db, ranked ? RANKED_HITS : HITS).run(match).changes;
}

/** How many of the `hits` meet the list's conditions. */
function matchedTotal(db: Db, plan: ListPlan, hits: number): number {
  if (hits === 0) return 0;
  return (plan.listed && !plan.filtered ? listedHits(db, plan.workspaceId, hits) : undefined) ?? checkedHits(db, plan);
}

/** The hits that meet the conditions, each looked up by row id. */
function checkedHits(db: Db, { where, args, listed }: ListPlan): number {
  // By row id SQLite reads each hit's whole row; files_search_keys holds every column the conditions test, in far fewer pages.
  const files = listed ? 'files INDEXED BY files_search_keys' : 'files';
  return prepared(db, `SELECT count(*) FROM temp.search_hits AS hits CROSS JOIN ${files} ON files.rid = hits.rid WHERE ${where}`).pluck().get(...args) as number;
}

/**
 * The hits among the workspace's listed files: all hits less those among the other files, which
 * are usually few, so that most hits need no lookup (for a vendor's name in 100,000 files the
 * lookups took 5 of 11 ms). Exact because every full-text row has its file row (removeRow deletes
 * both). Undefined when the other files are not fewer than half the hits: looking each hit up is
 * then cheaper.
 */
function listedHits(db: Db, workspaceId: string, hits: number): number | undefined {
  const limit = Math.floor(hits / 2);
  const others = prepared(db, UNLISTED_HITS).get({ workspace: workspaceId, limit }) as { unlisted: number; hits: number };
  return others.unlisted < limit ? hits - others.hits : undefined;
}

/**
 * A page's row ids. Hits are read first (CROSS JOIN keeps that order) and sorted, unless they are
 * dense enough that walking the list's own index in order, checking each file against them,
 * reaches the page sooner: a broad term (a vendor's name) then costs a page of the index instead
 * of a sort of all its hits. Ranked hits (`total` undefined) are always sorted.
 */
function pageRids(db: Db, { where, args, order, limit, offset }: ListPlan, total: number | undefined): number[] {
  const sql =
    total !== undefined && denseEnoughToWalk(db, total, offset + limit)
      ? `SELECT rid FROM files WHERE ${where} AND +rid IN (SELECT rid FROM temp.search_hits) ORDER BY ${order} LIMIT ? OFFSET ?`
      : `SELECT files.rid FROM temp.search_hits AS hits CROSS JOIN files ON files.rid = hits.rid WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`;
  return prepared(db, sql).pluck().all(...args, limit, offset) as number[];
}

/**
 * Walking reaches `needed` of `total` hits after about needed × files / total index entries,
 * while sorting reads every hit: walk when that is fewer. The highest row id bounds the files.
 */
function denseEnoughToWalk(db: Db, total: number, needed: number): boolean {
  const files = prepared(db, 'SELECT max(rid) FROM files').pluck().get() as number;
  return needed * files < total * total;
}

/** The list rows of these files, in the order given. */
function summariesOf(db: Db, rids: readonly number[]): FileSummary[] {
  const rows = prepared(db, `SELECT rid, ${SUMMARY_COLUMNS} FROM files WHERE rid IN (SELECT value FROM json_each(?))`).all(JSON.stringify(rids)) as (FileSummary & { rid: number })[];
  const byRid = new Map(rows.map(({ rid, ...file }) => [rid, file]));
  return rids.map((rid) => byRid.get(rid)!);
}
