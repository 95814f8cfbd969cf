// The clerk's plan for a split file's documents: each child's category and its pages of the parent
// (0-based), edited locally (move a page, merge, split) and sent as one amend_category. Pure.
import { TaskType } from '../../../shared/api/enums';

export interface PlannedChild {
  category: string;
  /** Pages of the parent, in reading order. */
  pages: readonly number[];
}

export type SplitPlan = readonly PlannedChild[];

/** Where a page sits in the plan: its child and its place in that child. */
export interface PagePlace {
  child: number;
  index: number;
}

export type PlanProblem =
  | { kind: 'empty'; child: number }
  | { kind: 'no-category'; child: number }
  | { kind: 'twice'; page: number }
  | { kind: 'missing'; page: number }
  | { kind: 'unknown'; page: number };

const sorted = (pages: readonly number[]) => [...pages].sort((a, b) => a - b);

export function placeOf(plan: SplitPlan, page: number): PagePlace | undefined {
  for (let child = 0; child < plan.length; child++) {
    const index = plan[child]!.pages.indexOf(page);
    if (index >= 0) return { child, index };
  }
  return undefined;
}

/**
 * Moves a page into the previous (-1) or next (+1) document, in page order there. A document left
 * without pages goes: moving its only page is merging it. Unchanged when there is no such document.
 */
export function movePage(plan: SplitPlan, page: number, direction: -1 | 1): SplitPlan {
  const from = placeOf(plan, page);
  const to = from === undefined ? undefined : from.child + direction;
  if (from === undefined || to === undefined || to < 0 || to >= plan.length) return plan;
  const moved = plan.map((child, i) => {
    if (i === from.child) return { ...child, pages: child.pages.filter((p) => p !== page) };
    if (i === to) return { ...child, pages: sorted([...child.pages, page]) };
    return child;
  });
  return moved.filter((child) => child.pages.length > 0);
}

/** One document of a child and the next, under the first one's category. Unchanged for the last child. */
export function mergeWithNext(plan: SplitPlan, child: number): SplitPlan {
  const next = plan[child + 1];
  if (next === undefined || child < 0) return plan;
  const merged = { ...plan[child]!, pages: sorted([...plan[child]!.pages, ...next.pages]) };
  return [...plan.slice(0, child), merged, ...plan.slice(child + 2)];
}

/** Starts a new document at a page: the pages before it stay, it and those after form the new one (same category). Unchanged at a document's first page. */
export function splitAt(plan: SplitPlan, page: number): SplitPlan {
  const at = placeOf(plan, page);
  if (at === undefined || at.index === 0) return plan;
  const child = plan[at.child]!;
  const parts = [
    { ...child, pages: child.pages.slice(0, at.index) },
    { ...child, pages: child.pages.slice(at.index) },
  ];
  return [...plan.slice(0, at.child), ...parts, ...plan.slice(at.child + 1)];
}

/**
 * Puts a page left out of every document (a page the engine took for blank or a separator) back into
 * the document holding the nearest page before it, or the first document when none is before, in
 * page order there. Unchanged when the page is in a document already, or there is none.
 */
export function restorePage(plan: SplitPlan, page: number): SplitPlan {
  if (plan.length === 0 || placeOf(plan, page) !== undefined) return plan;
  const before = plan.findLastIndex((child) => child.pages.some((p) => p < page));
  const into = Math.max(0, before);
  return plan.map((child, i) => (i === into ? { ...child, pages: sorted([...child.pages, page]) } : child));
}

export function setCategory(plan: SplitPlan, child: number, category: string): SplitPlan {
  return plan.map((c, i) => (i === child ? { ...c, category } : c));
}

/**
 * What keeps a plan from being sent: every page of `pages` in exactly one child, no other page but the
 * `restorable` ones (left out by the engine, at most once each), no empty child, a category each.
 */
export function planProblems(plan: SplitPlan, pages: readonly number[], restorable: readonly number[] = []): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const expected = new Set(pages);
  const allowed = new Set([...pages, ...restorable]);
  const seen = new Set<number>();
  plan.forEach((child, i) => {
    if (child.pages.length === 0) problems.push({ kind: 'empty', child: i });
    if (child.category.trim() === '') problems.push({ kind: 'no-category', child: i });
    for (const page of child.pages) {
      if (!allowed.has(page)) problems.push({ kind: 'unknown', page });
      else if (seen.has(page)) problems.push({ kind: 'twice', page });
      seen.add(page);
    }
  });
  for (const page of expected) if (!seen.has(page)) problems.push({ kind: 'missing', page });
  return problems;
}

/** Whether two plans cut the pages alike and give the same categories. */
export function samePlan(a: SplitPlan, b: SplitPlan): boolean {
  return a.length === b.length && a.every((child, i) => child.category === b[i]!.category && child.pages.join(',') === b[i]!.pages.join(','));
}

/** The body of the interface's split correction: category and pages per child. */
export function splitTasksOf(plan: SplitPlan): { category: string; pages: number[] }[] {
  return plan.map((child) => ({ category: child.category, pages: [...child.pages] }));
}

interface SplitChildRecord {
  task_type: number;
  category?: string | null | undefined;
  from_parent_position_list?: readonly number[] | null | undefined;
  pages: readonly { page: number }[];
}

/** The plan as the engine cut the file: its split children, in order, on their pages of the parent. */
export function planOfChildren(children: readonly SplitChildRecord[]): SplitPlan {
  return children
    .filter((child) => child.task_type === TaskType.splitChild)
    .map((child) => ({ category: child.category ?? '', pages: [...(child.from_parent_position_list ?? child.pages.map((p) => p.page))] }));
}
