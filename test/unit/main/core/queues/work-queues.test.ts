import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../../src/main/core/journal/journal.js';
import { WorkQueues } from '../../../../../src/main/core/queues/work-queues.js';
import { CatalogCache } from '../../../../../src/main/core/store/catalog-cache.js';
import { openCache, type CacheDb } from '../../../../../src/main/core/store/cache-db.js';
import { FileCache } from '../../../../../src/main/core/store/file-cache.js';
import { ReviewTaskResult, type FileRecord } from '../../../../../src/shared/api/index.js';
import { fileRecord, tempCache, type RecordSpec } from '../store/cache-fixture.js';

const WS = 'w1';
let cache: CacheDb;
let files: FileCache;
let queues: WorkQueues;
let journal: Journal;
const now = 1_000;

/** A record whose fields were read with these confidences (undefined: none given). */
function withConfidence(spec: RecordSpec, confidences: (number | undefined)[]): FileRecord {
  const record = fileRecord(spec);
  record.data!.fields.forEach((field, i) => {
    if (confidences[i] !== undefined) field.confidence = confidences[i];
  });
  return record;
}

function ids(queue: Parameters<WorkQueues['openFileIds']>[1], includeDone = false): string[] {
  return queues.list({ workspace_id: WS, queue, include_done: includeDone }).files.map((f) => f.file_id);
}

beforeEach(() => {
  cache = tempCache();
  files = new FileCache(cache);
  journal = new Journal(cache.local, { now: () => now });
  queues = new WorkQueues(cache.local, journal, { now: () => now });
  files.upsertServerRecords(
    WS,
    [
      withConfidence({ id: '1', updatedAt: '2026-01-01T00:00:01Z', fields: { Total: '10.00', Date: '2026-01-01' } }, [0.95, 0.5]),
      withConfidence({ id: '2', updatedAt: '2026-01-01T00:00:02Z', fields: { Total: '', Date: '2026-01-02' } }, [0.99, 0.99]),
      withConfidence({ id: '3', updatedAt: '2026-01-01T00:00:03Z', fields: { Total: '30.00' }, invoice: 0 }, [0.99]),
      fileRecord({ id: '4', updatedAt: '2026-01-01T00:00:04Z', category: '', fields: { Total: '40.00' }, invoice: 1 }),
      fileRecord({ id: '5', updatedAt: '2026-01-01T00:00:05Z', recognition: 2, category: '' }),
      // Still being read: in no queue yet, whatever its fields.
      fileRecord({ id: '6', updatedAt: '2026-01-01T00:00:06Z', recognition: 4, category: '', fields: { Total: '' } }),
      // Deleted: in no queue.
      fileRecord({ id: '7', updatedAt: '2026-01-01T00:00:07Z', verification: 4, recognition: 2 }),
      // A split parent: its children are proofread and classified, not it.
      fileRecord({ id: '8', updatedAt: '2026-01-01T00:00:08Z', category: '', children: [{ id: '81', category: '', fields: { Total: '' } }] }),
    ],
    now,
  );
  const catalog = new CatalogCache(cache);
  cache.local.transaction(() => catalog.insertLocalReviewTask(WS, { task_id: 'r1', name: 'March', repo_id: 'repo', request: {} }, now))();
  const result = ReviewTaskResult.parse({
    task_id: 'r1', task_name: 'March', status: 2, rule_repo: { repo_id: 'repo', name: 'Rules' }, extract_task_ids: ['t3', 't4'], model: 'local',
    statistics: { pass_count: 1, failure_count: 1, error_count: 0, not_triggered_count: 0 },
    groups: [{ group_id: 'g', group_name: 'Amounts', review_tasks: [
      { rule_task_id: 'rt1', rule_id: 'x', rule_name: 'Total present', prompt: '', review_result: 1 },
      { rule_task_id: 'rt2', rule_id: 'y', rule_name: 'Total under 35', prompt: '', review_result: 2 },
    ] }],
  });
  catalog.putReviewResult(WS, 'r1', result, now);
});

afterEach(() => cache.close());

describe('work queues', () => {
  it('puts each file in the queues its cached state calls for, oldest change first', () => {
    expect(ids('proofread')).toEqual(['1', '2', '81']);
    expect(ids('invoice_failed')).toEqual(['3']);
    expect(ids('rules_failed')).toEqual(['3', '4']);
    expect(ids('classification')).toEqual(['4', '81']);
    expect(ids('recognition_failed')).toEqual(['5']);
    expect(queues.counts(WS)).toEqual({
      proofread: { open: 3, done: 0 },
      invoice_failed: { open: 1, done: 0 },
      rules_failed: { open: 2, done: 0 },
      classification: { open: 2, done: 0 },
      recognition_failed: { open: 1, done: 0 },
    });
    expect(queues.counts('other')).toMatchObject({ proofread: { open: 0, done: 0 } });
  });

  it('pages a queue in a stable order', () => {
    const first = queues.list({ workspace_id: WS, queue: 'proofread', page_size: 2 });
    const second = queues.list({ workspace_id: WS, queue: 'proofread', page: 2, page_size: 2 });
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...first.files, ...second.files].map((f) => f.file_id)).toEqual(['1', '2', '81']);
  });

  it('takes a file marked done out of that queue only, journals the mark, and survives reopening the cache', () => {
    queues.markDone({ workspace_id: WS, queue: 'rules_failed', file_id: '3', done: true });
    expect(ids('rules_failed')).toEqual(['4']);
    expect(ids('rules_failed', true)).toEqual(['3', '4']);
    expect(ids('invoice_failed')).toEqual(['3']);
    expect(queues.counts(WS).rules_failed).toEqual({ open: 1, done: 1 });
    expect(journal.list({ subject: `file:${WS}:3` })).toMatchObject([{ kind: 'queue.done', detail: { queue: 'rules_failed' } }]);
    expect(journal.verify()).toMatchObject({ ok: true, entries: 1 });

    const file = cache.file;
    cache.close();
    cache = openCache(file);
    queues = new WorkQueues(cache.local, new Journal(cache.local, { now: () => now }), { now: () => now });
    expect(ids('rules_failed')).toEqual(['4']);
  });

  it('puts a done file back once it changes on the server', () => {
    queues.markDone({ workspace_id: WS, queue: 'proofread', file_id: '1', done: true });
    expect(ids('proofread')).toEqual(['2', '81']);
    // Pulled again unchanged: still done.
    files.upsertServerRecords(WS, [withConfidence({ id: '1', updatedAt: '2026-01-01T00:00:01Z', fields: { Total: '10.00', Date: '2026-01-01' } }, [0.95, 0.5])], now);
    expect(ids('proofread')).toEqual(['2', '81']);
    files.upsertServerRecords(WS, [withConfidence({ id: '1', updatedAt: '2026-01-02T00:00:00Z', fields: { Total: '10.00', Date: '2026-01-09' } }, [0.95, 0.6])], now);
    expect(ids('proofread')).toEqual(['2', '81', '1']);
    expect(queues.counts(WS).proofread).toEqual({ open: 3, done: 0 });
  });

  it('reopens a file on request, and refuses a file the cache does not hold', () => {
    queues.markDone({ workspace_id: WS, queue: 'classification', file_id: '4', done: true });
    queues.markDone({ workspace_id: WS, queue: 'classification', file_id: '4', done: false });
    expect(ids('classification')).toEqual(['4', '81']);
    expect(journal.list({ subject: `file:${WS}:4` }).map((e) => e.kind)).toEqual(['queue.done', 'queue.reopened']);
    expect(() => queues.markDone({ workspace_id: WS, queue: 'classification', file_id: 'nope', done: true })).toThrow(/not in the cache/);
    expect(journal.verify()).toMatchObject({ ok: true, entries: 2 });
  });

  it('lists every open file id of a queue across pages, for taking it offline', () => {
    expect(queues.openFileIds(WS, 'proofread')).toEqual(['1', '2', '81']);
  });
});
