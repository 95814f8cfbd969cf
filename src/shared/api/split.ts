import { z } from 'zod';
import { IdIn, IdOut } from './primitives.js';

/** /file/split/boundaries (engine extra): how the engine cut a split task's pages into documents, and how sure it was of each cut. */
export const SplitBoundariesQuery = z.strictObject({ workspace_id: IdIn, task_id: IdIn });

/** The decision before a page (0-based, of the parent): whether a new document starts there, with the signs that weighed. */
export const SplitBoundary = z.looseObject({
  page: z.number().int().nonnegative(),
  starts: z.boolean(),
  /** 0.5 (a coin toss) to 1 (certain). */
  confidence: z.number().min(0).max(1),
  reasons: z.array(z.string()),
});
export type SplitBoundary = z.infer<typeof SplitBoundary>;

/** A page left out of every child: a blank page (or blank back), or a separator sheet, which also started a new document. */
export const DroppedPage = z.looseObject({ page: z.number().int().nonnegative(), reason: z.enum(['blank', 'separator']) });
export type DroppedPage = z.infer<typeof DroppedPage>;

/** `decided_by`: 'engine' for the engine's own cut; 'clerk' once the children were given by split_tasks (the boundaries then say what the engine had found). */
export const SplitBoundaries = z.looseObject({
  task_id: IdOut,
  decided_by: z.enum(['engine', 'clerk']),
  boundaries: z.array(SplitBoundary),
  dropped: z.array(DroppedPage),
});
export type SplitBoundaries = z.infer<typeof SplitBoundaries>;
