import type { PushHandler } from './push-types.js';
import { pushDeletion, pushSetting } from './push-shapes.js';

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

export const pushReviewRetry = pushSetting<'review.retry'>((op, { client, signal }) => client.review.tasks.retry(op.change.body, { signal }));

export const pushReviewRuleRetry = pushSetting<'review.rule-retry'>((op, { client, signal }) => client.review.tasks.retryRule(op.change.body, { signal }));

export const pushReviewDelete = pushDeletion<'review.delete'>((op, { client, signal }) => client.review.tasks.delete({ workspace_id: op.workspaceId, task_ids: [op.change.task_id] }, { signal }));
