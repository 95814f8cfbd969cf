import { describe, expect, it } from 'vitest';
import { pagesFromText, pagesToText } from '../../../../src/renderer/features/viewer/page-list-text';
import { sourcePageOf } from '../../../../src/renderer/features/viewer/source-pages';

describe('page lists', () => {
  it('reads and writes the page lists a clerk types, counted from 1', () => {
    expect(pagesToText([0, 1, 2, 4, 6, 7])).toBe('1-3, 5, 7-8');
    expect(pagesFromText('1-3, 5，7-8')).toEqual([0, 1, 2, 4, 6, 7]);
    expect(pagesFromText('3-1')).toBeUndefined();
    expect(pagesFromText('0')).toBeUndefined();
    expect(pagesFromText('a')).toBeUndefined();
    expect(pagesFromText('')).toEqual([]);
  });

  it('shows a split child on its pages of the parent file', () => {
    expect(sourcePageOf({ task_type: 0, from_parent_position_list: [3, 4] }, 1)).toBe(4);
    expect(sourcePageOf({ task_type: 0, from_parent_position_list: null }, 1)).toBe(1);
    expect(sourcePageOf({ task_type: 1 }, 2)).toBe(2);
    expect(sourcePageOf(null, 0)).toBe(0);
  });
});
