import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { conflictMembers } from '../../core/sync/conflict-resolution.js';
import type { LogSink } from '../../core/log-sink.js';
import type { CoreSession } from '../core-session.js';

export function syncHandlers(deps: { session: CoreSession; log: LogSink }): InvokeHandlers {
  const core = () => deps.session.current();
  return {
    'sync.status': () => core().sync.state(),
    'sync.setMode': ({ mode }) => core().sync.setMode(mode),
    'sync.now': () => {
      // The outcome arrives as sync.status events; the call does not wait for a whole cycle.
      core()
        .sync.syncNow()
        .catch((error: unknown) => deps.log('warn', `sync failed: ${(error as Error).message}`));
      return {};
    },
    'outbox.list': ({ workspace_id, limit }) => ({ items: core().outbox.list({ ...(workspace_id === undefined ? {} : { workspaceId: workspace_id }), limit }) }),
    'outbox.deadLetters': ({ workspace_id }) => ({ items: core().outbox.deadLetters(workspace_id) }),
    'outbox.retryDead': ({ ids }) => {
      for (const id of ids) core().deadLetters.retry(id);
      return {};
    },
    'outbox.discardDead': ({ ids }) => {
      for (const id of ids) core().deadLetters.discard(id);
      return {};
    },
    'conflicts.list': ({ workspace_id }) => ({
      conflicts: core()
        .outbox.conflicts(workspace_id)
        .map((conflict) => ({ ...conflict, members: conflictMembers(conflict) })),
    }),
    'conflicts.resolve': (input) => (core().conflicts.resolve(input), {}),
  };
}
