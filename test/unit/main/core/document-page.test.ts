import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDocumentPage } from '../../../../src/main/core/document-page.js';
import type { CacheDb } from '../../../../src/main/core/store/cache-db.js';
import { FileCache } from '../../../../src/main/core/store/file-cache.js';
import { fileRecord, tempCache } from './store/cache-fixture.js';

const WS = 'w1';

let cache: CacheDb;
let files: FileCache;

beforeEach(() => {
  cache = tempCache();
  files = new FileCache(cache);
  const withText = fileRecord({ id: '1', lines: ['first line', 'second line'] });
  const twoPages = { ...withText, document: { pages: [...withText.document!.pages, { angle: 90, width: 50, height: 70, lines: [{ text: 'page two', position: [1, 2, 3, 4, 5, 6, 7, 8], charPositions: [] }] }] } };
  files.upsertServerRecords(WS, [twoPages, fileRecord({ id: '2' })], 1000);
});

afterEach(() => cache.close());

const ridOf = (fileId: string) => files.requireRow(WS, fileId).rid;

describe('one page of a cached document', () => {
  it('answers the asked page as stored, and the number of pages of the whole document', () => {
    const stored = readDocumentPage(cache.local, ridOf('1'), 1)!;
    expect(stored.pageCount).toBe(2);
    expect(JSON.parse(stored.page!)).toEqual({ angle: 90, width: 50, height: 70, lines: [{ text: 'page two', position: [1, 2, 3, 4, 5, 6, 7, 8], charPositions: [] }] });
    expect(JSON.parse(readDocumentPage(cache.local, ridOf('1'), 0)!.page!).lines.map((l: { text: string }) => l.text)).toEqual(['first line', 'second line']);
  });

  it('answers no page past the last one, and nothing for a file whose document is not cached', () => {
    expect(readDocumentPage(cache.local, ridOf('1'), 2)).toEqual({ page: null, pageCount: 2 });
    expect(readDocumentPage(cache.local, ridOf('2'), 0)).toBeUndefined();
  });

  it('refuses a page index that is not a whole number, so it cannot reach into the JSON path', () => {
    expect(() => readDocumentPage(cache.local, ridOf('1'), 0.5)).toThrow(RangeError);
    expect(() => readDocumentPage(cache.local, ridOf('1'), -1)).toThrow(RangeError);
  });
});
