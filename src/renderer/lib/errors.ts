import { IPC_ERROR_CODES, IpcFailure } from '../../shared/ipc/ipc-failure';

/** A failure as the clerk reads it: the core's message (already in words for a person). */
export function errorMessage(error: unknown): string {
  if (error instanceof IpcFailure || error instanceof Error) return error.message;
  return String(error);
}

/** The call is not wired in this build of the app (the contract answers NOT_AVAILABLE). */
export function isNotAvailable(error: unknown): boolean {
  return error instanceof IpcFailure && error.code === IPC_ERROR_CODES.notAvailable;
}
