import { z } from 'zod';
import { NoArgs, invokeSpec } from '../invoke-spec.js';

export const EngineState = z.enum(['stopped', 'starting', 'ready', 'restarting', 'failed']);

/** The local engine process as the host sees it. */
export const EngineStatus = z.object({
  state: EngineState,
  /** http://127.0.0.1:<port> once ready. */
  origin: z.string().optional(),
  pid: z.number().int().optional(),
  /** Restarts after a crash since the app started. */
  restarts: z.number().int().nonnegative(),
  lastExit: z
    .object({ code: z.number().int().nullable(), signal: z.string().nullable(), at: z.iso.datetime() })
    .optional(),
  /** Why it is not running, in words for the user. */
  problem: z.string().optional(),
  /** When the next start attempt is due (state restarting). */
  nextAttemptAt: z.iso.datetime().optional(),
});
export type EngineStatus = z.infer<typeof EngineStatus>;

export const engineChannels = {
  'engine.status': invokeSpec(NoArgs, EngineStatus),
  /** Stops and starts it again, e.g. after it gave up restarting. */
  'engine.restart': invokeSpec(NoArgs, EngineStatus),
} as const;
