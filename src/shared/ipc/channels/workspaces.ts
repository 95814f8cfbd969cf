import { z } from 'zod';
import { Workspace, WorkspaceCreateBody, WorkspaceDeleteBody, WorkspaceGetQuery, WorkspaceUpdateBody } from '../../api/index.js';
import { NoArgs, invokeSpec } from '../invoke-spec.js';
import { LocalChange } from '../local-change.js';

export const workspaceChannels = {
  /** The active profile's workspaces (cached; refreshed when online). */
  'workspaces.list': invokeSpec(NoArgs, z.object({ workspaces: z.array(Workspace) })),
  'workspaces.get': invokeSpec(WorkspaceGetQuery.strict(), Workspace),
  /** Online only: the server assigns the id. */
  'workspaces.create': invokeSpec(WorkspaceCreateBody, z.object({ workspace_id: z.string() })),
  /** Rename, describe, set the callback: queued offline like the other changes. */
  'workspaces.update': invokeSpec(WorkspaceUpdateBody, LocalChange),
  /** Hidden at once, queued offline; on the server the workspace goes with everything in it. */
  'workspaces.delete': invokeSpec(WorkspaceDeleteBody, LocalChange),
} as const;
