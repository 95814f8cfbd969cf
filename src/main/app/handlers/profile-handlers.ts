import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { toIpcError } from '../../../shared/ipc/dispatcher.js';
import type { ProfileService } from '../../core/profiles/index.js';
import type { ClientFactory } from '../client-factory.js';

/** A change to these members of the active profile means its data core talks to another server, or as someone else. */
const CONNECTION_MEMBERS = ['server', 'auth', 'enterpriseId', 'credentials'] as const;

export function profileHandlers(deps: { profiles: ProfileService; clients: ClientFactory; connectionChanged: () => Promise<void> }): InvokeHandlers {
  const { profiles } = deps;
  return {
    'profiles.list': () => profiles.list(),
    'profiles.create': (args) => profiles.create(args),
    'profiles.update': async (args) => {
      const view = await profiles.update(args);
      if (args.id === profiles.active().id && CONNECTION_MEMBERS.some((member) => args[member] !== undefined)) await deps.connectionChanged();
      return view;
    },
    'profiles.delete': async ({ id }) => {
      const wasActive = id === profiles.active().id;
      await profiles.delete(id);
      if (wasActive) await deps.connectionChanged();
      return {};
    },
    'profiles.activate': async ({ id }) => {
      const changed = id !== profiles.active().id;
      const state = await profiles.activate(id);
      if (changed) await deps.connectionChanged();
      return state;
    },
    'profiles.check': async ({ id }) => {
      try {
        const client = await deps.clients.forProfile(id);
        const { total } = await client.workspaces.list({ page: 1, page_size: 1 });
        return { ok: true as const, workspaceCount: total };
      } catch (error) {
        return { ok: false as const, error: toIpcError(error) };
      }
    },
  };
}
