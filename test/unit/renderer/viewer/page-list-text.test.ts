import { describe, expect, it } from 'vitest';
import { pagesToText } from '../../../../src/renderer/features/viewer/page-list-text';
import { sourcePageOf } from '../../../../src/renderer/features/viewer/source-pages';

describe('page lists', () => {
  it('writes page indexes as the page list a clerk reads, counted from 1, runs joined', () => {
    expect(pagesToText([0, 1, 2, 4, 6, 7])).toBe('1-3, 5, 7-8');
    expect(pagesToText([4, 3, 3])).toBe('4-5');
    expect(pagesToText([])).toBe('');
  });

  it('shows a split child on its pages of the parent file', () => {
    expect(sourcePageOf({ task_type: 0, from_parent_position_list: [3, 4] }, 1)).toBe(4);
    expect(sourcePageOf({ task_type: 0, from_parent_position_list: null }, 1)).toBe(1);
    expect(sourcePageOf({ task_type: 1 }, 2)).toBe(2);
    expect(sourcePageOf(null, 0)).toBe(0);
  });
});
