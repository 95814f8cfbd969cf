import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, redact, restartDelay } from '../../../../../src/main/core/engine-host/index.js';

describe('restart backoff', () => {
  it('doubles from the initial delay up to the cap, with at most a quarter taken off as jitter', () => {
    const options = { ...DEFAULT_BACKOFF, initialMs: 100, maxMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => restartDelay(n, options, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(restartDelay(3, options, () => 0)).toBe(300);
  });
});

describe('redact', () => {
  it('masks every occurrence of every known secret', () => {
    expect(redact('x-ti-secret-code=abc123 again abc123', ['abc123'])).toBe('x-ti-secret-code=[redacted] again [redacted]');
    expect(redact('nothing here', ['', 'zzz'])).toBe('nothing here');
  });
});
