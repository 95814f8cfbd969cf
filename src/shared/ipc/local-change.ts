import { z } from 'zod';

/**
 * What a command that changes state answers: the change is committed locally (optimistic change,
 * outbox rows and journal entry in one transaction) and reaches the server when sync runs.
 */
export const LocalChange = z.object({
  /** The outbox rows written; empty when there was nothing to change. */
  opIds: z.array(z.string()),
  /** The local id of something made offline (a category, a rule, a review task). */
  localId: z.string().optional(),
});
export type LocalChange = z.infer<typeof LocalChange>;

export const WorkspaceArgs = z.strictObject({ workspace_id: z.string().min(1) });
