// Measuring the app in Chromium for the UI benchmarks: waiting on the page, and the longest gap between frames.
import type { Page } from 'playwright-core';

/** Polls until `probe` answers something. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Gaps between animation frames while a script ran in the page. */
export interface Frames {
  longest: number;
  p95: number;
  /** Frames longer than 50 ms (the target allows none). */
  over50: number;
  frames: number;
  ms: number;
}

/** Frame gaps while `script` runs in the page (an idle wait measures the screen at rest). */
export async function longestFrame(page: Page, script: string): Promise<Frames> {
  return (await page.evaluate(`(async () => {
    const gaps = [];
    let last = performance.now();
    let running = true;
    const start = last;
    const tick = (now) => { gaps.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    await (async () => { ${script} })();
    running = false;
    await new Promise((r) => requestAnimationFrame(() => r()));
    const frames = gaps.slice(1).sort((a, b) => a - b);
    return { longest: frames[frames.length - 1], p95: frames[Math.ceil(frames.length * 0.95) - 1], over50: frames.filter((g) => g > 50).length, frames: gaps.length, ms: performance.now() - start };
  })()`)) as Frames;
}

/** Polls an expression in the page (string evaluation, which the page's CSP leaves to the debugger protocol). */
export function waitIn(page: Page, expression: string): Promise<true> {
  return until(expression, async () => ((await page.evaluate(expression)) ? true : undefined), 60_000);
}
