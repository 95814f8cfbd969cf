import { z } from 'zod';
import { invokeSpec } from '../invoke-spec.js';
import { WorkspaceArgs } from '../local-change.js';

/** A rule being written: its prose and the categories whose fields it may name. */
export const CheckSuggestionArgs = WorkspaceArgs.extend({
  /** As long as a rule's prompt may be. */
  prompt: z.string().max(4000),
  category_ids: z.array(z.string().min(1)).max(200),
});
export type CheckSuggestionArgs = z.infer<typeof CheckSuggestionArgs>;

/** A field a suggested check names, as the rule's referenced_fields record it. */
export const SuggestedField = z.object({
  category_id: z.string(),
  category_name: z.string(),
  table: z.object({ id: z.string(), name: z.string() }).optional(),
  field_id: z.string(),
  field_name: z.string(),
});
export type SuggestedField = z.infer<typeof SuggestedField>;

/** Check expressions read from the prose (one per recognised sentence), each one the rule parser reads. */
export const CheckSuggestion = z.object({
  checks: z.array(z.string().min(1)).min(1),
  fields: z.array(SuggestedField),
});
export type CheckSuggestion = z.infer<typeof CheckSuggestion>;

export const ruleSuggestionChannels = {
  /** Offline and deterministic: null when the prompt has a check line or no sentence was recognised. */
  'rules.suggestCheck': invokeSpec(CheckSuggestionArgs, z.object({ suggestion: CheckSuggestion.nullable() })),
} as const;

