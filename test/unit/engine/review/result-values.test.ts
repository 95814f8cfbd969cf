import { describe, expect, it } from 'vitest';
import { ReviewStatus } from '../../../../src/shared/api/index.js';
import { REVIEW_RESULT_OF_OUTCOME, finalTaskStatus } from '../../../../src/engine/review/result-values.js';

describe('result values', () => {
  it('maps each outcome to one value of the notes\' status list', () => {
    expect(REVIEW_RESULT_OF_OUTCOME).toEqual({ pending: 0, pass: 1, failure: 2, error: 7, not_triggered: 1 });
  });

  it('approves a task only when nothing failed or errored', () => {
    expect(finalTaskStatus(['pass', 'not_triggered'])).toBe(ReviewStatus.approved);
    expect(finalTaskStatus([])).toBe(ReviewStatus.approved);
    expect(finalTaskStatus(['pass', 'failure'])).toBe(ReviewStatus.failed);
    expect(finalTaskStatus(['pass', 'error'])).toBe(ReviewStatus.failed);
  });
});
