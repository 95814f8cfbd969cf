import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { DocketClient } from '../src/main/core/api/index.js';
import { DocketCore } from '../src/main/core/docket-core.js';
import { openCache, type Db } from '../src/main/core/store/cache-db.js';
import { FileCache } from '../src/main/core/store/file-cache.js';
import { FileListQuery, fileListConditions, fileListOrder, listFiles, type FileListQuery as ListQuery } from '../src/main/core/store/file-list-query.js';
import { ftsQueryOf } from '../src/main/core/store/fts-text.js';
import { CATEGORIES, VENDORS, percentile, rng, syntheticRecord, timed } from './core-bench-kit.js';
import { loadAverage } from './machine-load.js';

const WS = 'bench-workspace';
const BASE_MS = Date.parse('2026-01-01T00:00:00Z');

export interface QueryFigures {
  files: number;
  seedMs: number;
  list: { p95: number; referenceP95: number };
  text: { p95: number; referenceP95: number };
  enqueue: { p99: number; referenceP99: number };
}

/** The list queries of a clerk's day: filters of /file/fetch and invoice status, sorts, pages deep in the list. */
function listQueries(files: number, count: number): ListQuery[] {
  const random = rng(11);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const offset = () => Math.floor(random() * (files - 100));
  const shapes: (() => ListQuery)[] = [
    () => ({ workspace_id: WS, page_size: 100, offset: offset() }),
    () => ({ workspace_id: WS, category: pick(CATEGORIES), page_size: 100, offset: Math.floor(offset() / 5) }),
    () => ({ workspace_id: WS, recognition_status: 2, page_size: 100 }),
    () => ({ workspace_id: WS, verification_status: pick([0, 2, 3, 5]), page_size: 100, offset: Math.floor(offset() / 4) }),
    () => ({ workspace_id: WS, invoice_status: pick(['verified', 'failed', 'not_verified'] as const), page_size: 100 }),
    () => ({ workspace_id: WS, batch_number: `B${Math.floor(random() * (files / 50))}` }),
    () => ({ workspace_id: WS, sort: 'name', order: 'asc', page_size: 100, offset: offset() }),
    () => {
      const from = BASE_MS + Math.floor(random() * files) * 1000;
      return { workspace_id: WS, start_time: new Date(from).toISOString(), end_time: new Date(from + 3_600_000).toISOString(), page_size: 100 };
    },
  ];
  return Array.from({ length: count }, (_, i) => shapes[i % shapes.length]!());
}

function textQueries(files: number, count: number): string[] {
  const random = rng(12);
  const shapes: (() => string)[] = [
    () => VENDORS[Math.floor(random() * VENDORS.length)]!.split(' ')[0]!,
    () => `INV-${2026_000_000 + Math.floor(random() * files)}`,
    () => '腾讯',
    () => `item ${Math.floor(random() * 997)}`,
    () => `scan-${String(Math.floor(random() * files)).padStart(6, '0')}`,
  ];
  return Array.from({ length: count }, (_, i) => shapes[i % shapes.length]!());
}

/**
 * Times `measured` and `reference` on each input in turn, alternating, so that both see the same
 * conditions (a busy machine, a warm or cold page cache).
 */
async function paired<T>(inputs: readonly T[], measured: (input: T) => unknown, reference: (input: T) => unknown): Promise<{ measured: number[]; reference: number[] }> {
  const out = { measured: [] as number[], reference: [] as number[] };
  for (const input of inputs) {
    out.measured.push(await timed(() => measured(input)));
    out.reference.push(await timed(() => reference(input)));
  }
  return out;
}

/** The same rows straight from SQLite: no count, no validation, no paging object. */
function rawList(db: Db, input: ListQuery): unknown[] {
  const query = FileListQuery.parse(input);
  const { where, args } = fileListConditions(query);
  return db.prepare(`SELECT file_id, name, category, recognition_status, verification_status, invoice_status, updated_ms FROM files WHERE ${where} ORDER BY ${fileListOrder(query)} LIMIT ? OFFSET ?`).all(...args, query.page_size, query.offset ?? 0);
}

/** The matching files' row ids straight from the FTS5 table: no filters, no count, no order, no page. */
function rawText(db: Db, text: string): unknown[] {
  return db.prepare('SELECT rowid FROM search_text WHERE search_text MATCH ?').all(ftsQueryOf(text));
}

/**
 * A cache of `files` files seeded directly (no server), then: list queries (p95) against the same
 * rows by raw SELECT, full-text queries (p95) against a raw FTS5 MATCH, and enqueueing
 * corrections (p99: one transaction with the outbox row and the journal entry, synchronous=FULL)
 * against a raw one-row INSERT on a synchronous=FULL connection.
 */
export async function measureQueries(files: number, queries: number): Promise<QueryFigures> {
  const folder = await mkdtemp(join(tmpdir(), 'docket-query-'));
  const cacheFile = join(folder, 'cache.sqlite');
  const cache = openCache(cacheFile);
  const fileCache = new FileCache(cache);
  const seedMs = await timed(() => {
    for (let start = 0; start < files; start += 1000) {
      fileCache.upsertServerRecords(WS, Array.from({ length: Math.min(1000, files - start) }, (_, i) => syntheticRecord(start + i, BASE_MS)), BASE_MS);
    }
  });
  const list = await paired(listQueries(files, queries), (q) => listFiles(cache.local, q), (q) => rawList(cache.local, q));
  const text = await paired(textQueries(files, queries), (t) => listFiles(cache.local, { workspace_id: WS, text: t, page_size: 100 }), (t) => rawText(cache.local, t));
  cache.close();

  const core = new DocketCore({ cacheFile, client: new DocketClient({ baseUrl: 'http://127.0.0.1:9', credentials: { appId: 'unused', secret: 'unused', mode: 'headers' } }) });
  const raw = new Database(cacheFile);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.exec('CREATE TABLE bench_insert (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
  const insert = raw.prepare('INSERT INTO bench_insert (payload) VALUES (?)');
  const random = rng(13);
  const enqueue = await paired(
    Array.from({ length: queries }, (_, i) => i),
    (i) => {
      const fileId = syntheticRecord(Math.floor(random() * files), BASE_MS).id;
      core.changes.correctFile({ workspace_id: WS, file_id: fileId, data: { fields: [{ key: 'Total Amount', value: `${i}.00` }] } });
    },
    (i) => insert.run(JSON.stringify({ kind: 'file.correct', file_id: String(i) })),
  );
  raw.close();
  await core.close();
  // A cache of 100,000 files is about 400 MB.
  await rm(folder, { recursive: true, force: true });

  return {
    files,
    seedMs,
    list: { p95: percentile(list.measured, 95), referenceP95: percentile(list.reference, 95) },
    text: { p95: percentile(text.measured, 95), referenceP95: percentile(text.reference, 95) },
    enqueue: { p99: percentile(enqueue.measured, 99), referenceP99: percentile(enqueue.reference, 99) },
  };
}

// npx tsx bench/core-query-bench.ts [--cache 100000] [--queries 1000]: the query rows of
// bench/core-bench.ts alone, without its pull and drain, with the load average around them.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { cache: { type: 'string', default: '100000' }, queries: { type: 'string', default: '1000' } } });
  const before = loadAverage();
  const { files, list, text, enqueue } = await measureQueries(Number(values.cache), Number(values.queries));
  const row = (name: string, measured: number, reference: number) => `${name}: ${measured.toFixed(2)} ms, reference ${reference.toFixed(2)} ms, ${(measured / reference).toFixed(2)}×`;
  console.log(`${files} cached files, load average ${before} → ${loadAverage()}`);
  console.log(row('list query p95', list.p95, list.referenceP95));
  console.log(row('full-text query p95', text.p95, text.referenceP95));
  console.log(row('outbox enqueue p99', enqueue.p99, enqueue.referenceP99));
}
