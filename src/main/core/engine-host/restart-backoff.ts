export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** Consecutive failed starts after which the host gives up until asked again. */
  maxFailures: number;
  /** Up this long, the engine counts as healthy again and the delays start over. */
  healthyAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 30_000, maxFailures: 8, healthyAfterMs: 60_000 };

/** Doubling delays between restarts, capped, with up to a quarter of jitter so restarts do not beat in step. */
export function restartDelay(failures: number, options: BackoffOptions, random: () => number = Math.random): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + 0.25 * random()));
}
