import { z } from 'zod';
import { Workspace, WorkspaceCreateBody, WorkspaceGetQuery } from '../../api/index.js';
import { NoArgs, invokeSpec } from '../invoke-spec.js';

export const workspaceChannels = {
  /** The active profile's workspaces (cached; refreshed when online). */
  'workspaces.list': invokeSpec(NoArgs, z.object({ workspaces: z.array(Workspace) })),
  'workspaces.get': invokeSpec(WorkspaceGetQuery.strict(), Workspace),
  /** Online only: the server assigns the id. */
  'workspaces.create': invokeSpec(WorkspaceCreateBody, z.object({ workspace_id: z.string() })),
} as const;
