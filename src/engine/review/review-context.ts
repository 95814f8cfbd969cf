import type { EngineDeps } from '../engine-deps.js';
import { loadCategoryModels, type CategoryModel } from '../store/category-models.js';
import { findDuplicates, type DuplicateHit, type FieldMatch } from './duplicate-finder.js';
import type { ReviewFile } from './review-file.js';
import { localDay, type DayNumber } from './language/clerk-date.js';

/** What the evaluator reads beyond the rule and its files: the workspace as it is now. */
export interface ReviewContext {
  /** Every category of the workspace by id, with its current fields and tables. */
  categories: ReadonlyMap<string, CategoryModel>;
  /** today() of the rule language: the engine's date on this computer. */
  today: DayNumber;
  /** Live documents uploaded to the workspace before this one whose fields hold the same values. */
  duplicatesOf(file: ReviewFile, fields: readonly FieldMatch[]): DuplicateHit[];
}

export function loadReviewContext(deps: EngineDeps, workspaceId: string): ReviewContext {
  const categories = loadCategoryModels(deps, workspaceId, { enabledOnly: false });
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    today: localDay(deps.now()),
    duplicatesOf: (file, fields) => findDuplicates(deps, workspaceId, file.fileId, fields),
  };
}

/** The file's category as it is now; undefined when it has none or it was deleted. */
export function categoryOf(file: ReviewFile, context: ReviewContext): CategoryModel | undefined {
  return file.categoryId === undefined ? undefined : context.categories.get(file.categoryId);
}
