import { pushDeletion, pushSetting } from './push-shapes.js';

export const pushWorkspaceUpdate = pushSetting<'workspace.update'>((op, { client, signal }) => client.workspaces.update(op.change.body, { signal }));

export const pushWorkspaceDelete = pushDeletion<'workspace.delete'>((op, { client, signal }) => client.workspaces.delete({ workspace_ids: [op.change.workspace_id] }, { signal }));
