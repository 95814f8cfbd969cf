import { setTimeout as sleep } from 'node:timers/promises';

/** Undefined or false: not yet. */
type Answer<T> = T | undefined | false;

export interface PollOptions {
  timeoutMs: number;
  /** The pause between two asks. */
  stepMs?: number;
  /** What is awaited, for the error when time runs out; a function is asked then, so it can tell the last state seen. */
  what?: string | (() => string);
}

/**
 * Asks `probe` until it answers something other than undefined or false and returns that answer, or
 * throws once `timeoutMs` has passed. A probe answering a boolean is a condition; any other answer is
 * the value waited for.
 */
export async function until<T>(probe: () => Answer<T> | Promise<Answer<T>>, options: PollOptions): Promise<T> {
  const { timeoutMs, stepMs = 100, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined && answer !== false) return answer;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await sleep(stepMs);
  }
}
