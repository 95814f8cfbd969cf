import { describe, expect, it } from 'vitest';
import { pagesForRows, rowAt } from '../../../../src/renderer/features/documents/row-pages';

describe('paged rows', () => {
  it('names the pages that hold a range of rows', () => {
    expect(pagesForRows(0, 10, 200, 100_000)).toEqual([1]);
    expect(pagesForRows(190, 410, 200, 100_000)).toEqual([1, 2, 3]);
    expect(pagesForRows(99_990, 100_050, 200, 100_000)).toEqual([500]);
    expect(pagesForRows(0, 10, 200, 0)).toEqual([]);
    expect(pagesForRows(10, 5, 200, 100)).toEqual([]);
  });

  it('finds a row in its page, or nothing while the page loads', () => {
    const pages = new Map([[2, ['c', 'd']]]);
    expect(rowAt(pages, 2, 2)).toBe('c');
    expect(rowAt(pages, 3, 2)).toBe('d');
    expect(rowAt(pages, 0, 2)).toBeUndefined();
  });
});
