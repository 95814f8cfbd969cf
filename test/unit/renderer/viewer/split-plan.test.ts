import { describe, expect, it } from 'vitest';
import { mergeWithNext, movePage, planOfChildren, planProblems, restorePage, samePlan, setCategory, splitAt, splitTasksOf, type SplitPlan } from '../../../../src/renderer/features/viewer/split-plan';

// A stack of 7 pages: page 2 a blank back and page 5 a separator, left out by the engine.
const plan: SplitPlan = [
  { category: 'Receipt', pages: [0] },
  { category: 'Receipt', pages: [1] },
  { category: 'Invoice', pages: [3, 4] },
  { category: 'Receipt', pages: [6] },
];
const kept = [0, 1, 3, 4, 6];

describe('the split plan', () => {
  it('moves a page to the previous or next document, in page order there', () => {
    expect(movePage(plan, 3, -1)).toEqual([
      { category: 'Receipt', pages: [0] },
      { category: 'Receipt', pages: [1, 3] },
      { category: 'Invoice', pages: [4] },
      { category: 'Receipt', pages: [6] },
    ]);
    expect(movePage(plan, 4, 1)[3]).toEqual({ category: 'Receipt', pages: [4, 6] });
  });

  it('drops a document whose only page was moved out, which merges it', () => {
    expect(movePage(plan, 1, 1)).toEqual([
      { category: 'Receipt', pages: [0] },
      { category: 'Invoice', pages: [1, 3, 4] },
      { category: 'Receipt', pages: [6] },
    ]);
  });

  it('leaves the plan as it is when there is no document to move to, or the page is in none', () => {
    expect(movePage(plan, 0, -1)).toBe(plan);
    expect(movePage(plan, 6, 1)).toBe(plan);
    expect(movePage(plan, 2, 1)).toBe(plan);
  });

  it('merges a document with the next under its own category, and not the last one', () => {
    expect(mergeWithNext(plan, 1)).toEqual([
      { category: 'Receipt', pages: [0] },
      { category: 'Receipt', pages: [1, 3, 4] },
      { category: 'Receipt', pages: [6] },
    ]);
    expect(mergeWithNext(plan, 3)).toBe(plan);
  });

  it('splits a document at a page into the pages before it and the rest, both of its category', () => {
    const merged = mergeWithNext(plan, 2);
    expect(splitAt(merged, 4)).toEqual([
      { category: 'Receipt', pages: [0] },
      { category: 'Receipt', pages: [1] },
      { category: 'Invoice', pages: [3] },
      { category: 'Invoice', pages: [4, 6] },
    ]);
    expect(splitAt(merged, 3)).toBe(merged);
  });

  it('finds no problem in a plan holding every page once, and names each fault otherwise', () => {
    expect(planProblems(plan, kept)).toEqual([]);
    expect(planProblems(movePage(mergeWithNext(plan, 0), 3, -1), kept)).toEqual([]);
    const broken: SplitPlan = [
      { category: 'Receipt', pages: [0, 1] },
      { category: '', pages: [1, 9] },
      { category: 'Invoice', pages: [] },
    ];
    expect(planProblems(broken, kept)).toEqual([
      { kind: 'no-category', child: 1 },
      { kind: 'twice', page: 1 },
      { kind: 'unknown', page: 9 },
      { kind: 'empty', child: 2 },
      { kind: 'missing', page: 3 },
      { kind: 'missing', page: 4 },
      { kind: 'missing', page: 6 },
    ]);
  });

  it('puts a page left out back into the document before it, in page order, or into the first when none is before', () => {
    expect(restorePage(plan, 2)).toEqual([
      { category: 'Receipt', pages: [0] },
      { category: 'Receipt', pages: [1, 2] },
      { category: 'Invoice', pages: [3, 4] },
      { category: 'Receipt', pages: [6] },
    ]);
    expect(restorePage(plan.slice(2), 2)[0]).toEqual({ category: 'Invoice', pages: [2, 3, 4] });
    expect(restorePage(plan, 3)).toBe(plan);
    expect(restorePage([], 2)).toEqual([]);
    // Once back, it moves like any page: to the next document, here the invoice it belonged to.
    expect(movePage(restorePage(plan, 2), 2, 1)[2]).toEqual({ category: 'Invoice', pages: [2, 3, 4] });
  });

  it('lets a page left out by the engine be in one document, but not in two, and does not ask for it', () => {
    const dropped = [2, 5];
    expect(planProblems(restorePage(plan, 2), kept, dropped)).toEqual([]);
    expect(planProblems(plan, kept, dropped)).toEqual([]);
    expect(planProblems(restorePage(restorePage(plan, 2), 5), kept, dropped)).toEqual([]);
    const twice: SplitPlan = [...restorePage(plan, 2).slice(0, 3), { category: 'Receipt', pages: [2, 6] }];
    expect(planProblems(twice, kept, dropped)).toEqual([{ kind: 'twice', page: 2 }]);
    expect(planProblems(restorePage(plan, 2), kept)).toEqual([{ kind: 'unknown', page: 2 }]);
  });

  it('tells an edited plan from the engine’s, a changed category included', () => {
    expect(samePlan(plan, plan.map((c) => ({ ...c, pages: [...c.pages] })))).toBe(true);
    expect(samePlan(plan, movePage(plan, 4, 1))).toBe(false);
    expect(samePlan(plan, setCategory(plan, 0, 'Invoice'))).toBe(false);
  });

  it('reads the plan from the split children on their pages of the parent, crop children left out', () => {
    const children = [
      { task_type: 0, category: 'Receipt', from_parent_position_list: [0], pages: [{ page: 0 }] },
      { task_type: 3, category: 'Photo', pages: [{ page: 0 }] },
      { task_type: 0, category: null, from_parent_position_list: [3, 4], pages: [{ page: 0 }, { page: 1 }] },
      { task_type: 0, category: 'Receipt', from_parent_position_list: null, pages: [{ page: 6 }] },
    ];
    expect(planOfChildren(children)).toEqual([
      { category: 'Receipt', pages: [0] },
      { category: '', pages: [3, 4] },
      { category: 'Receipt', pages: [6] },
    ]);
  });

  it('gives the interface’s split_tasks: category and pages per child', () => {
    expect(splitTasksOf(mergeWithNext(plan, 2))).toEqual([
      { category: 'Receipt', pages: [0] },
      { category: 'Receipt', pages: [1] },
      { category: 'Invoice', pages: [3, 4, 6] },
    ]);
  });
});
