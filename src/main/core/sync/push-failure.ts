import { AbortError, ApiError, ConnectionError, DocketApiError, TimeoutError, type PlainError } from '../api/index.js';

/** How the outbox treats a failed push. */
export type PushFailure =
  /** The push was stopped (pause, shutdown): no attempt is counted. */
  | { type: 'aborted'; sent: boolean }
  /** Credentials refused: nothing can go through; the drain stops and the change waits. */
  | { type: 'halt'; error: PlainError }
  /** The server is busy with the thing (HTTP 409): later. */
  | { type: 'defer'; error: PlainError }
  /** May pass later. `sent`: the request may have taken effect. `connection`: the server may be unreachable. */
  | { type: 'retry'; error: PlainError; sent: boolean; connection: boolean; retryAfterMs: number | undefined }
  | { type: 'permanent'; error: PlainError; reason: string };

export function classifyFailure(error: unknown): PushFailure {
  if (error instanceof AbortError) return { type: 'aborted', sent: error.outcomeUnknown };
  if (!(error instanceof DocketApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'permanent', error: { code: 'LOCAL_FAILURE', message, retryable: false }, reason: `The change could not be sent: ${message}` };
  }
  const plain = error.toPlain();
  if (error instanceof ApiError && (error.httpStatus === 401 || error.httpStatus === 403)) return { type: 'halt', error: plain };
  if (error instanceof ApiError && error.httpStatus === 409) return { type: 'defer', error: plain };
  if (error.retryable || error.outcomeUnknown) {
    return {
      type: 'retry',
      error: plain,
      sent: error.outcomeUnknown,
      connection: error instanceof ConnectionError || error instanceof TimeoutError,
      retryAfterMs: error instanceof ApiError ? error.retryAfterMs : undefined,
    };
  }
  const said = error instanceof ApiError ? error.msg || error.message : error.message;
  return { type: 'permanent', error: plain, reason: `The server refused the change: ${said}` };
}
