import type { z } from 'zod';
import type { RetryClass } from '../../../shared/api/index.js';
import type { IpcError } from '../../../shared/ipc/ipc-error.js';
import { isRetryableAnswer } from './retry-policy.js';

export type Issue = z.core.$ZodIssue;

/** What crosses IPC: plain data, no class identity (the contract's error). */
export type PlainError = IpcError;

/** The route a failure belongs to and whether that route may be resent blind. */
export interface CallContext {
  route: string;
  retryClass: RetryClass;
}

/** Codes of the failures that have no envelope code of their own. */
export const CLIENT_ERROR_CODES = {
  connection: 'CONNECTION_FAILED',
  timeout: 'TIMEOUT',
  responseInvalid: 'RESPONSE_INVALID',
  requestInvalid: 'REQUEST_INVALID',
  aborted: 'ABORTED',
} as const;

const UNKNOWN_OUTCOME_NOTE = 'The outcome is unknown: the request may have reached the server; look it up before sending it again.';

export abstract class DocketApiError extends Error {
  abstract readonly code: string | number;
  /** The kind of failure may pass if the same request is sent again. */
  protected abstract readonly transient: boolean;
  readonly route: string;
  readonly retryClass: RetryClass;
  /** The request may have reached the server and taken effect. */
  readonly outcomeUnknown: boolean;

  constructor(message: string, context: CallContext, outcomeUnknown: boolean, options?: ErrorOptions) {
    const ambiguous = outcomeUnknown && context.retryClass === 'reconcile';
    super(`${context.route}: ${message}${ambiguous ? `. ${UNKNOWN_OUTCOME_NOTE}` : ''}`, options);
    this.name = new.target.name;
    this.route = context.route;
    this.retryClass = context.retryClass;
    this.outcomeUnknown = outcomeUnknown;
  }

  /** Safe to send the same request again as it is. */
  get retryable(): boolean {
    return this.transient && !(this.outcomeUnknown && this.retryClass === 'reconcile');
  }

  toPlain(): PlainError {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}

export interface ApiErrorFacts {
  code: number;
  msg: string;
  traceId?: string | undefined;
  httpStatus: number;
  retryAfterMs?: number | undefined;
}

/** The server answered with an envelope code other than 200, or with an HTTP error. */
export class ApiError extends DocketApiError {
  readonly code: number;
  readonly msg: string;
  readonly traceId: string | undefined;
  readonly httpStatus: number;
  readonly retryAfterMs: number | undefined;
  protected readonly transient: boolean;

  constructor(facts: ApiErrorFacts, context: CallContext) {
    const trace = facts.traceId ? `, traceId ${facts.traceId}` : '';
    // A gateway that gave up waiting cannot say whether the service acted.
    const gatewayGaveUp = facts.httpStatus === 502 || facts.httpStatus === 504;
    super(`code ${facts.code}: ${facts.msg || 'no message'} (HTTP ${facts.httpStatus}${trace})`, context, gatewayGaveUp);
    this.code = facts.code;
    this.msg = facts.msg;
    this.traceId = facts.traceId;
    this.httpStatus = facts.httpStatus;
    this.retryAfterMs = facts.retryAfterMs;
    this.transient = isRetryableAnswer(facts.httpStatus, facts.code);
  }
}

/** Network failure: refused, reset, DNS, TLS. */
export class ConnectionError extends DocketApiError {
  readonly code = CLIENT_ERROR_CODES.connection;
  protected readonly transient = true;

  constructor(cause: unknown, context: CallContext, mayHaveReachedServer: boolean) {
    super(`connection failed (${describeCause(cause)})`, context, mayHaveReachedServer, { cause });
  }
}

export type TimeoutPhase = 'connect' | 'headers' | 'body';

export class TimeoutError extends DocketApiError {
  readonly code = CLIENT_ERROR_CODES.timeout;
  protected readonly transient = true;
  readonly phase: TimeoutPhase;
  readonly timeoutMs: number | undefined;

  constructor(phase: TimeoutPhase, timeoutMs: number | undefined, context: CallContext, cause?: unknown) {
    const within = timeoutMs === undefined ? '' : ` within ${timeoutMs} ms`;
    super(`timed out waiting for the ${phase === 'connect' ? 'connection' : `response ${phase}`}${within}`, context, phase !== 'connect', { cause });
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }
}

/** The answer did not match the shared schema: the server acted, but its result is unreadable. */
export class ResponseValidationError extends DocketApiError {
  readonly code = CLIENT_ERROR_CODES.responseInvalid;
  protected readonly transient = false;
  readonly issues: readonly Issue[];
  readonly httpStatus: number;

  constructor(issues: readonly Issue[], httpStatus: number, context: CallContext) {
    super(`unexpected response: ${formatIssues(issues)}`, context, true);
    this.issues = issues;
    this.httpStatus = httpStatus;
  }
}

/** The request failed validation before anything was sent. */
export class RequestValidationError extends DocketApiError {
  readonly code = CLIENT_ERROR_CODES.requestInvalid;
  protected readonly transient = false;
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[], context: CallContext) {
    super(`invalid request: ${formatIssues(issues)}`, context, false);
    this.issues = issues;
  }
}

/** The caller's AbortSignal fired. */
export class AbortError extends DocketApiError {
  readonly code = CLIENT_ERROR_CODES.aborted;
  protected readonly transient = false;

  constructor(context: CallContext, mayHaveReachedServer: boolean, cause?: unknown) {
    super('aborted', context, mayHaveReachedServer, { cause });
  }
}

const MAX_LISTED_ISSUES = 3;

/** "body.fields[0].name: Too big; ..." so that a message names the member at fault. */
export function formatIssues(issues: readonly Issue[]): string {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const more = issues.length - listed.length;
  return listed.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

export function prefixIssues(issues: readonly Issue[], prefix: readonly PropertyKey[]): Issue[] {
  return issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));
}

export function customIssue(path: readonly PropertyKey[], message: string): Issue {
  return { code: 'custom', path: [...path], message };
}

// Failures before the socket carried the request: nothing can have reached the server.
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const TIMEOUT_PHASES: Readonly<Record<string, TimeoutPhase>> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

/** Maps an undici or socket error to a TimeoutError or ConnectionError. */
export function transportError(error: unknown, context: CallContext, timeoutMs: number): DocketApiError {
  const code = errorCode(error);
  const phase = code === undefined ? undefined : TIMEOUT_PHASES[code];
  if (phase !== undefined) return new TimeoutError(phase, phase === 'connect' ? undefined : timeoutMs, context, error);
  return new ConnectionError(error, context, code === undefined || !NOT_SENT_CODES.has(code));
}

/** The code of an error, looking through undici wrappers and happy-eyeballs AggregateErrors. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (cause !== undefined) return errorCode(cause);
  return Array.isArray(errors) ? errorCode(errors[0]) : undefined;
}

function describeCause(cause: unknown): string {
  const code = errorCode(cause);
  const message = cause instanceof Error ? cause.message : String(cause);
  return code === undefined || message.includes(code) ? message : `${code}: ${message}`;
}
