import type { PushHandler, PushOutcome } from './push-types.js';
import { unlessNotFound } from './api-answers.js';

const SUBMIT_UNKNOWN =
  'The review task was sent but no answer came back, and the service has no way to look a review task up by name: ' +
  'it may exist on the server already. Check the review tasks there; retry only if it is not there, or discard this change.';

/** A submission is never resent blind: after an unanswered attempt the clerk decides. */
export const pushReviewSubmit: PushHandler<'review.submit'> = async (op, context) => {
  if (op.state === 'unknown' || op.state === 'inflight') return { type: 'rejected', reason: SUBMIT_UNKNOWN };
  context.markInflight();
  const created = await context.client.review.tasks.submit(op.change.body, { signal: context.signal });
  const ws = op.workspaceId;
  const localId = op.change.task_id;
  return {
    type: 'applied',
    detail: { task_id: created.task_id, model: created.model },
    settle: () => {
      context.ids.put(localId, created.task_id);
      context.sync.catalog.renameEntity('review_tasks', ws, localId, created.task_id);
    },
  };
};

export const pushReviewRetry: PushHandler<'review.retry'> = async (op, context) => {
  await context.client.review.tasks.retry(op.change.body, { signal: context.signal });
  return { type: 'applied' };
};

export const pushReviewRuleRetry: PushHandler<'review.rule-retry'> = async (op, context) => {
  await context.client.review.tasks.retryRule(op.change.body, { signal: context.signal });
  return { type: 'applied' };
};

export const pushReviewDelete: PushHandler<'review.delete'> = (op, context) => {
  const request = context.client.review.tasks.delete({ workspace_id: op.workspaceId, task_ids: [op.change.task_id] }, { signal: context.signal });
  return unlessNotFound<PushOutcome>(request, { type: 'applied', already: true }, { type: 'applied' });
};
