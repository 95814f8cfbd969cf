// No zod here: the renderer's bridge needs these without the schema library.
import type { IpcError } from './ipc-error.js';

/** Codes of failures that belong to the contract itself, not to a service call. */
export const IPC_ERROR_CODES = {
  invalidArguments: 'INVALID_ARGUMENTS',
  unknownChannel: 'UNKNOWN_CHANNEL',
  notAvailable: 'NOT_AVAILABLE',
  forbidden: 'FORBIDDEN',
  internal: 'INTERNAL',
  transport: 'TRANSPORT',
} as const;

/** Thrown by a handler (main) and by the bridge (renderer) when a call fails with plain data. */
export class IpcFailure extends Error {
  readonly code: IpcError['code'];
  readonly retryable: boolean;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'IpcFailure';
    this.code = error.code;
    this.retryable = error.retryable;
  }

  toPlain(): IpcError {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}
