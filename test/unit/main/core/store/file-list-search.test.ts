import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileCache } from '../../../../../src/main/core/store/file-cache.js';
import { listFiles, type FileListQuery } from '../../../../../src/main/core/store/file-list-query.js';
import type { CacheDb } from '../../../../../src/main/core/store/cache-db.js';
import { fileRecord, tempCache } from './cache-fixture.js';

const WS = 'w1';
const FILES = 60;
const CATEGORIES = ['Invoice', 'Receipt', 'Contract'];
/** 'common' is in most files (hits dense enough to walk the list), 'rare' in a few (hits sorted). */
const wordsOf = (i: number) => [i % 6 === 0 ? 'plain' : 'common', i % 13 === 0 ? 'rare' : 'filler'];

let cache: CacheDb;

beforeEach(() => {
  cache = tempCache();
  const records = Array.from({ length: FILES }, (_, i) =>
    fileRecord({
      id: String(i + 1),
      name: `doc-${String((i * 17) % FILES).padStart(2, '0')}.pdf`,
      category: CATEGORIES[i % 3],
      verification: [0, 2, 3, 4][i % 4],
      invoice: i % 5 === 0 ? 1 : null,
      updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, (i * 7) % FILES)).toISOString(),
      lines: [`line ${wordsOf(i).join(' ')}`],
      ...(i % 10 === 9 ? { children: [{ id: `${i + 1}c`, lines: ['common rare child'] }] } : {}),
    }),
  );
  new FileCache(cache).upsertServerRecords(WS, records, 1000);
});
afterEach(() => cache.close());

/** The same query answered without full-text search: every listed file, filtered by its words here. */
function scanned(query: FileListQuery, word: string): { total: number; ids: string[] } {
  const all = listFiles(cache.local, { ...query, text: undefined, page: 1, offset: 0, page_size: 1000 }).files;
  const matching = all.filter((file) => wordsOf(Number(file.file_id) - 1).includes(word));
  const offset = query.offset ?? 0;
  return { total: matching.length, ids: matching.slice(offset, offset + (query.page_size ?? 100)).map((f) => f.file_id) };
}

describe('full-text list queries', () => {
  const shapes: FileListQuery[] = [
    { workspace_id: WS, page_size: 5 },
    { workspace_id: WS, page_size: 5, offset: 20 },
    { workspace_id: WS, page_size: 50, offset: 3 },
    { workspace_id: WS, page_size: 4, sort: 'name', order: 'asc' },
    { workspace_id: WS, page_size: 4, category: 'Receipt' },
    { workspace_id: WS, page_size: 4, verification_status: [2, 3] },
    { workspace_id: WS, page_size: 100, verification_status: 4 },
    { workspace_id: WS, page_size: 3, invoice_status: 'verified', sort: 'updated_at', order: 'asc' },
    { workspace_id: WS, page_size: 3, start_time: '2026-01-01T00:00:10Z', end_time: '2026-01-01T00:00:40Z' },
  ];

  it('count, filter, order and page the hits exactly as a plain scan of the same files does, dense or rare', () => {
    for (const word of ['common', 'rare']) {
      for (const query of shapes) {
        const page = listFiles(cache.local, { ...query, text: word });
        expect({ word, query, total: page.total, ids: page.files.map((f) => f.file_id) }).toEqual({ word, query, ...scanned(query, word) });
      }
    }
  });

  it('count the hits of one workspace exactly beside the files of workspaces named before and after it', () => {
    // A plain search's total is its hits less those among the other files (child files, deleted
    // files, other workspaces) when those are fewer than half the hits ('common' in w1), and each hit
    // checked otherwise ('rare' in w1, both words in w0 and w2).
    for (const workspace of ['w0', 'w2']) {
      const others = Array.from({ length: 5 }, (_, i) => fileRecord({ id: String(i + 1), updatedAt: new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString(), lines: ['common rare'] }));
      new FileCache(cache).upsertServerRecords(workspace, others, 1000);
    }
    for (const word of ['common', 'rare']) {
      for (const query of [{ workspace_id: WS, page_size: 5 }, { workspace_id: WS, page_size: 5, offset: 40 }]) {
        const page = listFiles(cache.local, { ...query, text: word });
        expect({ word, query, total: page.total, ids: page.files.map((f) => f.file_id) }).toEqual({ word, query, ...scanned(query, word) });
      }
      for (const workspace of ['w0', 'w2']) expect(listFiles(cache.local, { workspace_id: workspace, text: word, page_size: 1 }).total).toBe(5);
    }
  });

  it('answer a page past the last hit with the total and no rows', () => {
    expect(listFiles(cache.local, { workspace_id: WS, text: 'rare', offset: 500 })).toMatchObject({ total: scanned({ workspace_id: WS }, 'rare').total, files: [] });
  });
});
