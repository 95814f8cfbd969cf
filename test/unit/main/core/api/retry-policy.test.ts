import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_OPTIONS,
  backoffMs,
  isRetryableAnswer,
  nextRetryDelay,
  parseRetryAfter,
  type RetryOptions,
} from '../../../../../src/main/core/api/retry-policy.js';

const withRandom = (value: number): RetryOptions => ({ ...DEFAULT_RETRY_OPTIONS, random: () => value });
const almostOne = 1 - Number.EPSILON;

describe('backoffMs (full jitter)', () => {
  it('is 0 at the bottom of the jitter range', () => {
    for (let attempt = 1; attempt <= 10; attempt++) expect(backoffMs(attempt, withRandom(0))).toBe(0);
  });

  it('stays below base * 2^(attempt-1) and never reaches the 8 s cap', () => {
    const ceilings = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000];
    ceilings.forEach((ceiling, i) => {
      const top = backoffMs(i + 1, withRandom(almostOne));
      expect(top).toBeLessThan(ceiling);
      expect(top).toBeGreaterThanOrEqual(ceiling - 1);
    });
  });

  it('spreads over the whole range with the default random source', () => {
    const samples = Array.from({ length: 2000 }, () => backoffMs(3, DEFAULT_RETRY_OPTIONS));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThan(1000);
    expect(Math.max(...samples)).toBeGreaterThan(800);
    expect(Math.min(...samples)).toBeLessThan(200);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delta-seconds as milliseconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
  });

  it('reads a date in the past as no wait', () => {
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });
});

describe('isRetryableAnswer', () => {
  it('retries HTTP 423, 429, 500, 503 and 504', () => {
    for (const status of [423, 429, 500, 503, 504]) expect(isRetryableAnswer(status, status)).toBe(true);
  });

  it('retries body code 900 even under HTTP 200', () => {
    expect(isRetryableAnswer(200, 900)).toBe(true);
  });

  it('does not retry other statuses or body codes', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 501, 502]) expect(isRetryableAnswer(status, status)).toBe(false);
    for (const code of [400, 401, 500, 503, 901]) expect(isRetryableAnswer(200, code)).toBe(false);
  });
});

describe('nextRetryDelay', () => {
  const options = withRandom(0.5);

  it('backs off a retryable failure of an idempotent route', () => {
    expect(nextRetryDelay({ retryable: true }, 1, 'idempotent', options)).toBe(125);
    expect(nextRetryDelay({ retryable: true }, 3, 'idempotent', options)).toBe(500);
  });

  it('never retries a reconcile route, whatever the failure', () => {
    expect(nextRetryDelay({ retryable: true }, 1, 'reconcile', options)).toBeUndefined();
    expect(nextRetryDelay({ retryable: true, retryAfterMs: 0 }, 1, 'reconcile', options)).toBeUndefined();
  });

  it('does not retry a failure that is not retryable', () => {
    expect(nextRetryDelay({ retryable: false }, 1, 'idempotent', options)).toBeUndefined();
  });

  it('stops after maxAttempts attempts in all', () => {
    expect(nextRetryDelay({ retryable: true }, 3, 'idempotent', options)).toBeDefined();
    expect(nextRetryDelay({ retryable: true }, 4, 'idempotent', options)).toBeUndefined();
    expect(nextRetryDelay({ retryable: true }, 1, 'idempotent', { ...options, maxAttempts: 1 })).toBeUndefined();
  });

  it('waits exactly what Retry-After asks when it is within the cap', () => {
    expect(nextRetryDelay({ retryable: true, retryAfterMs: 3000 }, 1, 'idempotent', options)).toBe(3000);
  });

  it('leaves a Retry-After beyond the cap to the caller instead of sleeping on it', () => {
    expect(nextRetryDelay({ retryable: true, retryAfterMs: 60_000 }, 1, 'idempotent', options)).toBeUndefined();
  });
});
