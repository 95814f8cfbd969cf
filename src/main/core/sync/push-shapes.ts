import type { ChangeOf } from './change-kinds.js';
import type { OutboxOp } from './outbox.js';
import type { PushContext, PushHandler, PushOutcome, SingleChangeKind } from './push-types.js';
import { unlessNotFound } from './api-answers.js';

/** The one request a change is sent as. */
type Send<K extends SingleChangeKind> = (op: OutboxOp & { change: ChangeOf<K> }, context: PushContext) => Promise<unknown>;

/**
 * A change that sets names or values (an update, a rename, a retry): the server ends the same however
 * often it gets it, so it is sent again as it is after an unanswered attempt.
 */
export function pushSetting<K extends SingleChangeKind>(send: Send<K>): PushHandler<K> {
  return async (op, context) => {
    await send(op, context);
    return { type: 'applied' };
  };
}

/** A deletion: a thing the server no longer knows was deleted already (by an earlier attempt, or by someone else). */
export function pushDeletion<K extends SingleChangeKind>(send: Send<K>): PushHandler<K> {
  return (op, context) => unlessNotFound<PushOutcome>(send(op, context), { type: 'applied', already: true }, { type: 'applied' });
}
