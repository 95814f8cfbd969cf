import type { PushHandler, PushOutcome } from './push-types.js';
import { unlessNotFound } from './api-answers.js';

/** Setting the same name and settings twice leaves the same workspace. */
export const pushWorkspaceUpdate: PushHandler<'workspace.update'> = async (op, context) => {
  await context.client.workspaces.update(op.change.body, { signal: context.signal });
  return { type: 'applied' };
};

export const pushWorkspaceDelete: PushHandler<'workspace.delete'> = (op, context) => {
  const request = context.client.workspaces.delete({ workspace_ids: [op.change.workspace_id] }, { signal: context.signal });
  return unlessNotFound<PushOutcome>(request, { type: 'applied', already: true }, { type: 'applied' });
};
