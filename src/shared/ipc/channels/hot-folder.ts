import { z } from 'zod';
import { UploadOptions } from '../../api/index.js';
import { NoArgs, invokeSpec } from '../invoke-spec.js';

/** A watched folder that feeds the upload queue (scanner workflows). */
export const HotFolderSettings = z
  .strictObject({
    enabled: z.boolean(),
    path: z.string().min(1).optional(),
    /** A file counts as complete once its size and time stay unchanged this long. */
    stableForMs: z.number().int().min(200).max(600_000),
    /** Move a file into the folder's "done" subfolder once uploaded. */
    moveToDone: z.boolean(),
    upload: UploadOptions.optional(),
  })
  .refine((s) => !s.enabled || (s.path !== undefined && s.upload !== undefined), {
    message: 'an enabled hot folder needs a path and upload options',
    path: ['enabled'],
  });
export type HotFolderSettings = z.infer<typeof HotFolderSettings>;

export const DEFAULT_HOT_FOLDER: HotFolderSettings = { enabled: false, stableForMs: 2000, moveToDone: true };

export const HotFolderActivity = z.object({
  at: z.iso.datetime(),
  path: z.string(),
  event: z.enum(['enqueued', 'moved', 'failed']),
  message: z.string().optional(),
});
export type HotFolderActivity = z.infer<typeof HotFolderActivity>;

export const HotFolderState = z.object({
  settings: HotFolderSettings,
  watching: z.boolean(),
  /** Why it is not watching although enabled, in words for the user. */
  problem: z.string().optional(),
  recent: z.array(HotFolderActivity),
});
export type HotFolderState = z.infer<typeof HotFolderState>;

export const hotFolderChannels = {
  'hotFolder.get': invokeSpec(NoArgs, HotFolderState),
  'hotFolder.configure': invokeSpec(HotFolderSettings, HotFolderState),
} as const;
