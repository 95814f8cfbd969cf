import type { EngineDeps } from '../engine-deps.js';
import { loadCategoryModels } from '../store/category-models.js';
import { findDuplicates } from './duplicate-finder.js';
import { localDay } from '../../shared/rule-language/clerk-date.js';
import type { ReviewContext } from '../../shared/rule-evaluation/review-context.js';

/** The workspace as the engine stores it now, for the evaluator. */
export function loadReviewContext(deps: EngineDeps, workspaceId: string): ReviewContext {
  const categories = loadCategoryModels(deps, workspaceId, { enabledOnly: false });
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    today: localDay(deps.now()),
    duplicatesOf: (file, fields) => findDuplicates(deps, workspaceId, file.fileId, fields),
  };
}
