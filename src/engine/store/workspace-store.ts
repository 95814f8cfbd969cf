import type { z } from 'zod';
import type { Workspace, WorkspaceCreateBody } from '../../shared/api/index.js';
import { unknownId } from '../http/engine-error.js';
import type { EngineDeps } from '../engine-deps.js';

interface WorkspaceRow {
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
