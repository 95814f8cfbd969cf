import { expect } from 'vitest';
import { ApiError } from '../../src/main/core/api/index.js';

/** The ApiError a client call is refused with; the test fails when the call succeeds or fails otherwise. */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
