import type { z } from 'zod';

/** The engine's envelope codes; docs/errors.md is the table users read. Keep both in step. */
export const ERROR_CODES = {
  missingCredentials: { code: 40101, http: 401 },
  wrongCredentials: { code: 40102, http: 401 },
  badSignature: { code: 40103, http: 401 },
  badToken: { code: 40104, http: 401 },
  invalidMember: { code: 40004, http: 400 },
  overLimit: { code: 40005, http: 400 },
  imageLinkRefused: { code: 40301, http: 403 },
  fileTooLarge: { code: 40302, http: 413 },
  unsupportedFile: { code: 40303, http: 415 },
  noPageImage: { code: 40304, http: 415 },
  unknownId: { code: 40400, http: 404 },
  unknownRoute: { code: 40401, http: 404 },
  methodNotAllowed: { code: 40501, http: 405 },
  stateConflict: { code: 40900, http: 409 },
  internal: { code: 50000, http: 500 },
} as const;
export type ErrorKind = keyof typeof ERROR_CODES;

export class EngineError extends Error {
  readonly code: number;
  readonly httpStatus: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.code = ERROR_CODES[kind].code;
    this.httpStatus = ERROR_CODES[kind].http;
  }
}

export function unknownId(what: string, id: string): EngineError {
  return new EngineError('unknownId', `${what} ${id} does not exist`);
}

export function invalidMember(member: string, problem: string): EngineError {
  return new EngineError('invalidMember', `invalid member '${member}': ${problem}`);
}

export function stateConflict(message: string): EngineError {
  return new EngineError('stateConflict', message);
}

/** A zod failure becomes one error naming the first bad member; a length or size bound is "over a limit". */
export function fromZodError(error: z.ZodError, where: string): EngineError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return invalidMember([...path, issue.keys[0]].join('.'), 'unknown member');
  const member = path.length > 0 ? path.join('.') : where;
  if (issue.code === 'too_big') return new EngineError('overLimit', `over a limit '${member}': ${issue.message}`);
  return invalidMember(member, issue.message);
}
