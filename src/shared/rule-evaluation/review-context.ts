import type { DayNumber } from '../rule-language/clerk-date.js';
import type { DuplicateHit, FieldMatch } from './duplicate-hit.js';
import type { EvaluationCategory } from './evaluation-category.js';
import type { ReviewFile } from './review-file.js';

/** What the evaluator reads beyond the rule and its files: the workspace as it is now. */
export interface ReviewContext {
  /** Every category of the workspace by id, with its current fields and tables. */
  categories: ReadonlyMap<string, EvaluationCategory>;
  /** today() of the rule language: the date on this computer (the engine's, or the desk's for a draft). */
  today: DayNumber;
  /** Live documents uploaded to the workspace before this one whose fields hold the same values. */
  duplicatesOf(file: ReviewFile, fields: readonly FieldMatch[]): DuplicateHit[];
}

/** The file's category as it is now; undefined when it has none or it was deleted. */
export function categoryOf(file: ReviewFile, context: ReviewContext): EvaluationCategory | undefined {
  return file.categoryId === undefined ? undefined : context.categories.get(file.categoryId);
}
