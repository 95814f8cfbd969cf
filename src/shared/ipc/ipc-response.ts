import { z } from 'zod';
import { IpcError } from './ipc-error.js';

/** The answer to every invoke, on both transports: a handler never throws across IPC. */
export const IpcResponse = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);
export type IpcResponse = z.infer<typeof IpcResponse>;
