import type { RetryClass } from '../../../shared/api/index.js';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseMs: number;
  capMs: number;
  /** Source of jitter in [0, 1); replaceable so that tests are deterministic. */
  random: () => number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = { maxAttempts: 4, baseMs: 250, capMs: 8_000, random: Math.random };

/** The published SDKs' retry set (notes, "Behaviour worth knowing"). */
export const RETRYABLE_HTTP_STATUSES: ReadonlySet<number> = new Set([423, 429, 500, 503, 504]);
/** Body code 900: a transient business error. */
export const RETRYABLE_BODY_CODES: ReadonlySet<number> = new Set([900]);

export function isRetryableAnswer(httpStatus: number, code: number): boolean {
  return RETRYABLE_HTTP_STATUSES.has(httpStatus) || RETRYABLE_BODY_CODES.has(code);
}

/** Full jitter: uniform in [0, min(cap, base * 2^(attempt-1))), attempt counted from 1. */
export function backoffMs(attempt: number, options: RetryOptions): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** (attempt - 1));
  return Math.floor(options.random() * ceiling);
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from now; undefined when unusable. */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date always names its month; Date.parse alone would take "-1" for a year.
  const at = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export interface RetryCandidate {
  retryable: boolean;
  retryAfterMs?: number | undefined;
}

/**
 * How long to wait before sending again, or undefined to give up. Only idempotent routes are
 * resent: a 'reconcile' route (upload, create, submit) may have taken effect, so the caller
 * looks it up first. A Retry-After longer than the cap is left to the caller's scheduler.
 */
export function nextRetryDelay(
  error: RetryCandidate,
  attempt: number,
  retryClass: RetryClass,
  options: RetryOptions,
): number | undefined {
  if (retryClass !== 'idempotent' || !error.retryable || attempt >= options.maxAttempts) return undefined;
  if (error.retryAfterMs === undefined) return backoffMs(attempt, options);
  return error.retryAfterMs <= options.capMs ? error.retryAfterMs : undefined;
}
