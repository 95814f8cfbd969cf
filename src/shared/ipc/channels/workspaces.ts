import { z } from 'zod';
import { Workspace, WorkspaceCreateBody, WorkspaceDeleteBody, WorkspaceGetQuery, WorkspaceUpdateBody } from '../../api/index.js';
import { Done, NoArgs, invokeSpec } from '../invoke-spec.js';

export const workspaceChannels = {
  /** The active profile's workspaces (cached; refreshed when online). */
  'workspaces.list': invokeSpec(NoArgs, z.object({ workspaces: z.array(Workspace) })),
  'workspaces.get': invokeSpec(WorkspaceGetQuery.strict(), Workspace),
  /** Online only: the server assigns the id. */
  'workspaces.create': invokeSpec(WorkspaceCreateBody, z.object({ workspace_id: z.string() })),
  /** Online only, like create: rename, describe, set the callback. */
  'workspaces.update': invokeSpec(WorkspaceUpdateBody, Done),
  /** Online only: the workspace goes with everything in it, on the server and then in the cache. */
  'workspaces.delete': invokeSpec(WorkspaceDeleteBody, Done),
} as const;
