import { z } from 'zod';
import { IdIn, IdOut, queryInt } from './primitives.js';
import { LIMITS } from './limits.js';

export const Workspace = z.looseObject({
  workspace_id: IdOut,
  name: z.string(),
  description: z.string().nullable().optional().default(''),
  auth_scope: z.number().int().optional(),
  manage_account_id: IdOut.nullable().optional(),
  manage_account_name: z.string().nullable().optional(),
  callback_url: z.string().nullable().optional(),
  callback_retry_time: z.number().int().nullable().optional(),
});
export type Workspace = z.infer<typeof Workspace>;

export const WorkspaceListQuery = z.object({
  enterprise_id: IdIn.optional(),
  page: queryInt(1, 1_000_000).optional(),
  page_size: queryInt(1, LIMITS.listPageSizeMax).optional(),
});
export const WorkspaceList = z.looseObject({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  workspaces: z.array(Workspace),
});

export const WorkspaceGetQuery = z.object({ workspace_id: IdIn });

export const WorkspaceCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.workspaceName),
  description: z.string().max(LIMITS.workspaceDescription).optional(),
  enterprise_id: IdIn.optional(),
  auth_scope: z.union([z.literal(0), z.literal(1)]),
});
export type WorkspaceCreateBody = z.input<typeof WorkspaceCreateBody>;
export const WorkspaceCreateResult = z.looseObject({ workspace_id: IdOut });

/** A callback address: http or https, or '' to remove it. */
const CallbackUrl = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2000),
]);

/** The published update: name and auth_scope are required, as in create; the callback is ours to call when a file or review ends. */
export const WorkspaceUpdateBody = z.strictObject({
  workspace_id: IdIn,
  name: z.string().trim().min(1).max(LIMITS.workspaceName),
  description: z.string().max(LIMITS.workspaceDescription).optional(),
  auth_scope: z.union([z.literal(0), z.literal(1)]),
  callback_url: CallbackUrl.optional(),
  callback_retry_time: z.number().int().min(0).max(3).optional(),
});
export type WorkspaceUpdateBody = z.input<typeof WorkspaceUpdateBody>;

export const WorkspaceDeleteBody = z.strictObject({ workspace_ids: z.array(IdIn).min(1).max(LIMITS.listPageSizeMax) });
export type WorkspaceDeleteBody = z.input<typeof WorkspaceDeleteBody>;
