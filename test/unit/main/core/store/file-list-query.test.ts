import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileCache } from '../../../../../src/main/core/store/file-cache.js';
import { listFiles } from '../../../../../src/main/core/store/file-list-query.js';
import type { CacheDb } from '../../../../../src/main/core/store/cache-db.js';
import { fileRecord, tempCache } from './cache-fixture.js';

const WS = 'w1';
let cache: CacheDb;
let files: FileCache;

beforeEach(() => {
  cache = tempCache();
  files = new FileCache(cache);
  files.upsertServerRecords(
    WS,
    [
      fileRecord({ id: '1', name: 'alpha.pdf', category: 'Invoice', batch: 'B1', updatedAt: '2026-01-01T00:00:01Z', invoice: 1, lines: ['ACME Ltd', 'Invoice Number: INV-2026-0042'], fields: { Total: '1,234.50' } }),
      fileRecord({ id: '2', name: 'beta.pdf', category: 'Receipt', batch: 'B1', updatedAt: '2026-01-01T00:00:02Z', invoice: 0, lines: ['深圳市腾讯计算机系统有限公司', '发票号码 12345678'] }),
      fileRecord({ id: '3', name: 'gamma.pdf', category: 'Invoice', batch: 'B2', recognition: 4, updatedAt: '2026-01-01T00:00:03Z', lines: ['Weather report'] }),
      fileRecord({ id: '4', name: 'delta.pdf', verification: 4, updatedAt: '2026-01-01T00:00:04Z' }),
      fileRecord({ id: '5', name: 'parent.pdf', updatedAt: '2026-01-01T00:00:05Z', children: [{ id: '51', name: 'child-a.pdf', lines: ['child text zebra'] }] }),
    ],
    1000,
  );
});
afterEach(() => cache.close());

const ids = (query: Parameters<typeof listFiles>[1]) => listFiles(cache.local, query).files.map((f) => f.file_id);

describe('file list', () => {
  it('lists top-level files, newest first, leaving deleted ones out as /file/fetch does', () => {
    expect(ids({ workspace_id: WS })).toEqual(['5', '3', '2', '1']);
    expect(ids({ workspace_id: WS, verification_status: 4 })).toEqual(['4']);
  });

  it('filters by every /file/fetch member and by invoice status', () => {
    expect(ids({ workspace_id: WS, batch_number: 'B2' })).toEqual(['3']);
    expect(ids({ workspace_id: WS, category: 'Receipt' })).toEqual(['2']);
    expect(ids({ workspace_id: WS, recognition_status: 4 })).toEqual(['3']);
    expect(ids({ workspace_id: WS, recognition_status: [1, 4], sort: 'name', order: 'asc' })).toEqual(['1', '2', '3', '5']);
    expect(ids({ workspace_id: WS, task_id: 't1' })).toEqual(['1']);
    expect(ids({ workspace_id: WS, file_id: '51' })).toEqual(['51']);
    expect(ids({ workspace_id: WS, start_time: '2026-01-01T00:00:02Z', end_time: '2026-01-01T00:00:03Z' })).toEqual(['3', '2']);
    expect(ids({ workspace_id: WS, invoice_status: 'verified' })).toEqual(['1']);
    expect(ids({ workspace_id: WS, invoice_status: 'failed' })).toEqual(['2']);
    expect(ids({ workspace_id: WS, invoice_status: 'not_verified' })).toEqual(['5', '3']);
  });

  it('sorts and pages, with the total of all matching rows', () => {
    const page = listFiles(cache.local, { workspace_id: WS, sort: 'name', order: 'asc', page: 2, page_size: 2 });
    expect(page.total).toBe(4);
    expect(page.files.map((f) => f.name)).toEqual(['gamma.pdf', 'parent.pdf']);
    expect(ids({ workspace_id: WS, sort: 'name', order: 'asc', offset: 1, page_size: 2 })).toEqual(['2', '3']);
  });

  it('searches recognized text, field values and names, including Chinese text and prefixes', () => {
    expect(ids({ workspace_id: WS, text: 'inv-2026' })).toEqual(['1']);
    expect(ids({ workspace_id: WS, text: '1,234' })).toEqual(['1']);
    expect(ids({ workspace_id: WS, text: '腾讯' })).toEqual(['2']);
    expect(ids({ workspace_id: WS, text: '发票号码' })).toEqual(['2']);
    expect(ids({ workspace_id: WS, text: '讯腾' })).toEqual([]);
    expect(ids({ workspace_id: WS, text: 'weath' })).toEqual(['3']);
    expect(ids({ workspace_id: WS, text: 'gamma' })).toEqual(['3']);
    expect(ids({ workspace_id: WS, text: 'acme invoice' })).toEqual(['1']);
    expect(ids({ workspace_id: WS, text: 'zebra' })).toEqual([]);
    expect(ids({ workspace_id: WS, file_id: '51', text: 'zebra' })).toEqual(['51']);
    expect(ids({ workspace_id: WS, text: '  ' })).toEqual([]);
  });

  it('finds a Chinese word inside a longer run of characters, and a single character anywhere in a run', () => {
    files.upsertServerRecords(WS, [fileRecord({ id: '7', updatedAt: '2026-01-01T00:00:07Z', lines: ['北京星河科技有限公司'] }), fileRecord({ id: '8', updatedAt: '2026-01-01T00:00:08Z', lines: ['北 京 科 技'] })], 2000);
    expect(ids({ workspace_id: WS, text: '科技' })).toEqual(['8', '7']);
    expect(ids({ workspace_id: WS, text: '星河科技' })).toEqual(['7']);
    expect(ids({ workspace_id: WS, text: '技有限' })).toEqual(['7']);
    expect(ids({ workspace_id: WS, text: '星' })).toEqual(['7']);
    expect(ids({ workspace_id: WS, text: '司' })).toEqual(['7', '2']);
    expect(ids({ workspace_id: WS, text: '科 北京' })).toEqual(['8', '7']);
    expect(ids({ workspace_id: WS, text: '科学' })).toEqual([]);
    expect(ids({ workspace_id: WS, text: '技科' })).toEqual([]);
  });

  it('finds English words whole, and only the last one typed as a prefix', () => {
    expect(ids({ workspace_id: WS, text: 'weather rep' })).toEqual(['3']);
    expect(ids({ workspace_id: WS, text: 'weath report' })).toEqual([]);
    expect(ids({ workspace_id: WS, text: 'w' })).toEqual(['3']);
    expect(ids({ workspace_id: WS, text: 'inv 2026 0042' })).toEqual(['1']);
    expect(ids({ workspace_id: WS, text: 'ACME Ltd' })).toEqual(['1']);
  });

  it('ranks full-text hits by relevance', () => {
    files.upsertServerRecords(WS, [fileRecord({ id: '6', name: 'many.pdf', updatedAt: '2026-01-01T00:00:06Z', lines: ['ACME ACME ACME', 'ACME again'] })], 2000);
    expect(ids({ workspace_id: WS, text: 'acme', sort: 'relevance' })).toEqual(['6', '1']);
    expect(() => listFiles(cache.local, { workspace_id: WS, sort: 'relevance' })).toThrow(/needs a search text/);
  });

  it('refuses a bad query with a message naming the member', () => {
    expect(() => listFiles(cache.local, { workspace_id: WS, recognition_status: 9 })).toThrow(/recognition_status/);
    expect(() => listFiles(cache.local, { workspace_id: WS, page_size: 5000 })).toThrow(/page_size/);
  });
});
