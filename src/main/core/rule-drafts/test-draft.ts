import type { DraftVerdict } from '../../../shared/ipc/channels/rule-drafts.js';
import type { DayNumber } from '../../../shared/rule-language/clerk-date.js';
import { CheckEvalError } from '../../../shared/rule-language/check-eval-error.js';
import { evaluateRule, type EvaluableRule } from '../../../shared/rule-evaluation/evaluate-rule.js';
import type { EvaluationCategory } from '../../../shared/rule-evaluation/evaluation-category.js';
import { judgeRule } from '../../../shared/rule-evaluation/judge-rule.js';
import type { ReviewContext } from '../../../shared/rule-evaluation/review-context.js';
import type { ReviewFile } from '../../../shared/rule-evaluation/review-file.js';

/** A rule being written: what the evaluator reads of it. */
export interface RuleDraft {
  prompt: string;
  categoryIds: readonly string[];
}

/** The workspace as the cache holds it: its categories now, and the clerk's today. */
export interface DraftWorkspace {
  categories: readonly EvaluationCategory[];
  today: DayNumber;
}

// The cache holds the files the desk has seen, not every upload of the workspace: a duplicate
// search here could miss one the engine finds, so it is left to the engine.
export const DUPLICATES_NEED_SAVED_RULE =
  'duplicates_in_workspace() looks through every document uploaded to the workspace, which the desk does not hold: save the rule and test-run it to check this';

/**
 * The verdict the engine would give on each file, from the cache and with the engine's own evaluator:
 * one file at a time, so that each verdict's reasoning is the one a test-run on that file reads.
 * A draft records no referenced fields yet, so it is read against the categories as they are now.
 */
export function testDraft(draft: RuleDraft, files: readonly ReviewFile[], workspace: DraftWorkspace): DraftVerdict[] {
  const rule: EvaluableRule = { id: 'draft', name: 'draft', prompt: draft.prompt, categoryIds: draft.categoryIds, referencedFields: [] };
  const context: ReviewContext = {
    categories: new Map(workspace.categories.map((c) => [c.id, c])),
    today: workspace.today,
    duplicatesOf: () => {
      throw new CheckEvalError(DUPLICATES_NEED_SAVED_RULE);
    },
  };
  return files.map((file) => {
    const verdict = judgeRule(rule, [file], evaluateRule, context);
    return { file_id: file.fileId, name: file.name, verdict: verdict.outcome, reasoning: verdict.reasoning };
  });
}
