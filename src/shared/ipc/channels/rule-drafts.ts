import { z } from 'zod';
import { invokeSpec } from '../invoke-spec.js';
import { WorkspaceArgs } from '../local-change.js';

/** A rule as the editor holds it before saving, and the cached files to try it on. */
export const DraftTestArgs = WorkspaceArgs.extend({
  /** As long as a rule's prompt may be. */
  prompt: z.string().max(4000),
  /** The draft's categories: a file of none of them is not in its scope (none: every file is). */
  category_ids: z.array(z.string().min(1)).max(200),
  file_ids: z.array(z.string().min(1)).min(1),
});
export type DraftTestArgs = z.infer<typeof DraftTestArgs>;

/** What the engine would answer for the draft on one file, read from the cache. */
export const DraftVerdict = z.object({
  file_id: z.string(),
  name: z.string(),
  verdict: z.enum(['pass', 'failure', 'error', 'not_triggered']),
  reasoning: z.string(),
});
export type DraftVerdict = z.infer<typeof DraftVerdict>;

export const ruleDraftChannels = {
  /** Offline: evaluates the draft's check lines with the engine's evaluator; nothing is stored or sent. */
  'rules.testDraft': invokeSpec(DraftTestArgs, z.object({ verdicts: z.array(DraftVerdict) })),
} as const;
