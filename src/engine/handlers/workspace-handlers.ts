import { LIMITS } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Handlers } from '../http/handler.js';
import { createWorkspace, deleteWorkspaces, listWorkspaces, requireWorkspace, toWorkspace, updateWorkspace } from '../store/workspace-store.js';

export function createWorkspaceHandlers(deps: EngineDeps): Pick<Handlers, 'workspaceList' | 'workspaceGet' | 'workspaceCreate' | 'workspaceUpdate' | 'workspaceDelete'> {
  return {
    workspaceList: ({ query }) => {
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? LIMITS.workspaceListPageSizeDefault;
      const { total, rows } = listWorkspaces(deps, page, pageSize, query.enterprise_id);
      return { total, page, page_size: pageSize, workspaces: rows.map(toWorkspace) };
    },
    workspaceGet: ({ query }) => toWorkspace(requireWorkspace(deps, query.workspace_id)),
    workspaceCreate: ({ body }) => ({ workspace_id: createWorkspace(deps, body) }),
    workspaceUpdate: ({ body }) => updateWorkspace(deps, body),
    workspaceDelete: ({ body }) => deleteWorkspaces(deps, body.workspace_ids),
  };
}
