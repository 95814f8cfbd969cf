import type { Anchor } from '../api/index.js';
import type { EvaluableRule, RuleEvaluator } from './evaluate-rule.js';
import type { ReviewFile } from './review-file.js';
import type { ReviewContext } from './review-context.js';
import { unreadableReason } from './file-readability.js';

export interface Verdict {
  outcome: 'pass' | 'failure' | 'error' | 'not_triggered';
  reasoning: string;
  anchors: Anchor[];
  /** The files the rule applied to. */
  scope: ReviewFile[];
}

export const NOT_TRIGGERED = "Not triggered: none of the review's files belongs to one of this rule's categories.";

/**
 * A rule without categories applies to every file. A file whose category is unknown because its
 * recognition failed may belong to any rule, so it is kept in scope rather than silently left out.
 */
function inScope(rule: EvaluableRule, file: ReviewFile): boolean {
  if (rule.categoryIds.length === 0) return true;
  if (file.categoryId !== undefined) return rule.categoryIds.includes(file.categoryId);
  return file.category === '' && unreadableReason(file) !== undefined;
}

/** Applicability and readability first; only a rule over fully recognized files reaches the evaluator. */
export function judgeRule(rule: EvaluableRule, files: readonly ReviewFile[], evaluate: RuleEvaluator, context: ReviewContext): Verdict {
  const scope = files.filter((f) => inScope(rule, f));
  if (scope.length === 0) return { outcome: 'not_triggered', reasoning: NOT_TRIGGERED, anchors: [], scope };
  const unreadable = scope.map(unreadableReason).filter((r) => r !== undefined);
  if (unreadable.length > 0) {
    return { outcome: 'error', reasoning: `${unreadable.join(' ')} The rule cannot be checked without its recognized content.`, anchors: [], scope };
  }
  return { ...evaluate(rule, scope, context), scope };
}
