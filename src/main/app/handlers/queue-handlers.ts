import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { CoreSession } from '../core-session.js';

export function queueHandlers(deps: { session: CoreSession }): InvokeHandlers {
  const core = () => deps.session.current();
  return {
    'queues.counts': ({ workspace_id }) => core().queues.counts(workspace_id),
    'queues.list': (query) => core().queues.list(query),
    'queues.markDone': (input) => (core().queues.markDone(input), {}),
    'queues.prefetch': async ({ workspace_id, queue }) => ({
      fetched: await core().prefetchDocuments(workspace_id, core().queues.openFileIds(workspace_id, queue)),
    }),
  };
}
