import { ApiError } from '../api/index.js';

/** The server does not know the thing named (HTTP 404, or the engine's envelope code 40400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.httpStatus === 404 || error.code === 40400);
}

/** Answers `onNotFound` when the server does not know the thing; rethrows anything else. */
export async function unlessNotFound<T>(request: Promise<unknown>, onNotFound: T, otherwise: T): Promise<T> {
  try {
    await request;
    return otherwise;
  } catch (error) {
    if (isNotFound(error)) return onNotFound;
    throw error;
  }
}
