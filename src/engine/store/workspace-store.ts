import type { z } from 'zod';
import type { Workspace, WorkspaceCreateBody, WorkspaceUpdateBody } from '../../shared/api/index.js';
import { unknownId } from '../http/engine-error.js';
import type { EngineDeps } from '../engine-deps.js';

export interface WorkspaceRow {
  id: string;
  name: string;
  description: string;
  auth_scope: number;
  enterprise_id: string | null;
  callback_url: string | null;
  callback_retry_time: number | null;
}

/** The single local account: a desktop engine has one owner. */
export const LOCAL_ACCOUNT = { id: '1', name: 'local' } as const;

export function toWorkspace(row: WorkspaceRow): z.input<typeof Workspace> {
  return {
    workspace_id: row.id,
    name: row.name,
    description: row.description,
    auth_scope: row.auth_scope,
    manage_account_id: LOCAL_ACCOUNT.id,
    manage_account_name: LOCAL_ACCOUNT.name,
    callback_url: row.callback_url ?? '',
    callback_retry_time: row.callback_retry_time ?? 0,
  };
}

export function createWorkspace(deps: EngineDeps, body: z.output<typeof WorkspaceCreateBody>): string {
  const id = deps.ids.next();
  deps.db
    .prepare('INSERT INTO workspaces (id, name, description, auth_scope, enterprise_id, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, body.name, body.description ?? '', body.auth_scope, body.enterprise_id ?? null, deps.now());
  return id;
}

export function findWorkspace(deps: EngineDeps, id: string): WorkspaceRow | undefined {
  return deps.db.prepare('SELECT * FROM workspaces WHERE id = ?').get(id) as WorkspaceRow | undefined;
}

/** Every request that names a workspace goes through here, so an unknown one is always the same error. */
export function requireWorkspace(deps: EngineDeps, id: string): WorkspaceRow {
  const row = findWorkspace(deps, id);
  if (!row) throw unknownId('workspace', id);
  return row;
}

export function listWorkspaces(deps: EngineDeps, page: number, pageSize: number, enterpriseId?: string) {
  const where = enterpriseId ? 'WHERE enterprise_id = ?' : '';
  const args = enterpriseId ? [enterpriseId] : [];
  const total = (deps.db.prepare(`SELECT count(*) AS n FROM workspaces ${where}`).get(...args) as { n: number }).n;
  const rows = deps.db
    .prepare(`SELECT * FROM workspaces ${where} ORDER BY created_at, id LIMIT ? OFFSET ?`)
    .all(...args, pageSize, (page - 1) * pageSize) as WorkspaceRow[];
  return { total, rows };
}

/** A fresh engine answers with one workspace, so a newcomer can upload at once. */
export function ensureDefaultWorkspace(deps: EngineDeps, workspace: { name: string; description: string }): void {
  const any = deps.db.prepare('SELECT 1 FROM workspaces LIMIT 1').get();
  if (!any) createWorkspace(deps, { ...workspace, auth_scope: 0 });
}

/** Members left out keep their value; '' removes the callback address. */
export function updateWorkspace(deps: EngineDeps, body: z.output<typeof WorkspaceUpdateBody>): void {
  const row = requireWorkspace(deps, body.workspace_id);
  deps.db
    .prepare('UPDATE workspaces SET name = ?, description = ?, auth_scope = ?, callback_url = ?, callback_retry_time = ? WHERE id = ?')
    .run(
      body.name,
      body.description ?? row.description,
      body.auth_scope,
      body.callback_url === undefined ? row.callback_url : body.callback_url || null,
      body.callback_retry_time ?? row.callback_retry_time,
      row.id,
    );
}

/** All or nothing: an unknown id deletes none. Everything in a workspace goes with it (ON DELETE CASCADE). */
export function deleteWorkspaces(deps: EngineDeps, ids: readonly string[]): void {
  deps.db.transaction(() => {
    const unique = [...new Set(ids)];
    for (const id of unique) requireWorkspace(deps, id);
    const remove = deps.db.prepare('DELETE FROM workspaces WHERE id = ?');
    for (const id of unique) remove.run(id);
  })();
}
