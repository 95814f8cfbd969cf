import type { z } from 'zod';
import type { PlainError } from './api/index.js';
import { formatIssues } from './api/errors.js';

export type CoreErrorCode = 'INVALID_INPUT' | 'NOT_FOUND' | 'INVALID_STATE' | 'REJECTED';

/** A command the core refuses, with a message a clerk can act on. Crosses IPC as plain data. */
export class CoreError extends Error {
  constructor(
    readonly code: CoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CoreError';
  }

  toPlain(): PlainError {
    return { code: this.code, message: this.message, retryable: false };
  }
}

/** Parses a command's input, or throws INVALID_INPUT naming the member at fault. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new CoreError('INVALID_INPUT', `${what}: ${formatIssues(parsed.error.issues)}`);
  return parsed.data;
}
