import { expect } from 'vitest';
import { ProcessingFailure } from '../../src/engine/pipeline/document/parsed-document.js';

/** The cause a reader fails with: the promise must reject with a ProcessingFailure. */
export async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProcessingFailure);
  return (error as Error).message;
}

/** The same for a reader that fails at once: `run` must throw a ProcessingFailure. */
export function failureOfCall(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProcessingFailure);
    return (error as Error).message;
  }
  throw new Error('expected a failure');
}
