import { ReviewStatus } from '../../shared/api/index.js';
import type { StoredOutcome } from '../store/review-store.js';

/**
 * review_result of a rule for each outcome: the one table behind docs/review-rules.md, "Result values".
 * The notes' status list has verdicts (1, 2), in-flight states a client keeps polling (0, 3, 5, 6), a
 * reviewer's rejection (4) and one terminal non-verdict (7). An error is "the engine could not read what
 * the rule needs", so it takes 7, never 2: a check that did not run must not read as a failed one.
 * A rule that does not apply raises nothing, so it reads as approved; statistics tell it apart.
 */
export const REVIEW_RESULT_OF_OUTCOME: Readonly<Record<StoredOutcome, number>> = {
  pending: ReviewStatus.pending,
  pass: ReviewStatus.approved,
  failure: ReviewStatus.failed,
  error: ReviewStatus.recognitionFailed,
  not_triggered: ReviewStatus.approved,
};

/** A finished task: approved only when no rule failed or could not be checked. */
export function finalTaskStatus(outcomes: readonly StoredOutcome[]): number {
  return outcomes.some((o) => o === 'failure' || o === 'error') ? ReviewStatus.failed : ReviewStatus.approved;
}

/** Task states in which a runner is still going to act: a retry then would only race it. */
export const IN_FLIGHT_TASK_STATUSES: readonly number[] = [ReviewStatus.queued, ReviewStatus.recognizing, ReviewStatus.reviewing];
