import { z } from 'zod';
import { NoArgs, invokeSpec } from '../invoke-spec.js';
import { WorkspaceArgs } from '../local-change.js';
import { UploadView } from './uploads.js';

export const firstRunChannels = {
  'firstRun.state': invokeSpec(NoArgs, z.object({ firstRun: z.boolean(), samplesLoaded: z.boolean() })),
  /** Uploads the generated sample documents as one batch, so a newcomer sees the whole flow. */
  'firstRun.loadSamples': invokeSpec(WorkspaceArgs, z.object({ batchNumber: z.string(), queued: z.array(UploadView) })),
} as const;
