import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HeapTrim, heapTrimmer, trimHeap } from '../../../../../../src/engine/pipeline/read/ocr/heap-trim.js';

// In a Node process of its own, so that its heap holds only what the script allocates: 100 MB in
// 64 KB blocks (below glibc's mmap threshold, so from the heap), every one freed but the last, which
// keeps glibc from giving the freed ones back by itself. Resident size is read three times: after the
// frees, again without a trim (the drop the process makes by itself), and after the addon's trim.
const SCRIPT = `
const { readFileSync } = require('node:fs');
const { setTimeout: sleep } = require('node:timers/promises');
const addon = require('docket-malloc-trim');
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
(async () => {
  let blocks = Array.from({ length: 1600 }, () => Buffer.allocUnsafeSlow(64 * 1024).fill(7));
  const pin = blocks.at(-1);
  blocks = undefined;
  for (let i = 0; i < 3; i++) { globalThis.gc(); await sleep(100); }
  const freed = rss();
  await sleep(300);
  const untrimmed = rss();
  const answer = addon.trim();
  const trimmed = rss();
  process.stdout.write(JSON.stringify({ freed, untrimmed, trimmed, answer, pinned: pin.length }));
})();
`;

/** The checkout, where `docket-malloc-trim` resolves from. */
const ROOT = resolve(import.meta.dirname, '../../../../../..');

describe('trimHeap', () => {
  it('loads the addon and answers from glibc on this Linux', () => {
    const trim = HeapTrim.parse(trimHeap());
    expect(trim).toEqual({ available: true, released: expect.any(Boolean) });
  });

  it('gives back to the system the blocks freed in the middle of the heap, which the process keeps by itself', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', SCRIPT], { encoding: 'utf8', cwd: ROOT });
    expect(run.stderr).toBe('');
    const { freed, untrimmed, trimmed, answer } = JSON.parse(run.stdout) as Record<string, number>;
    const MB = 1024 ** 2;
    expect(answer).toBe(1);
    // Without the trim the freed 100 MB stay resident; the trim returns most of them.
    expect((freed! - untrimmed!) / MB).toBeLessThan(20);
    expect((untrimmed! - trimmed!) / MB).toBeGreaterThan(60);
  });

  it('answers "not available" and logs once when the addon cannot be loaded, without throwing', () => {
    const log: string[] = [];
    const trim = heapTrimmer(() => {
      throw new Error('Cannot find module ./build/Release/malloc_trim.node');
    }, (line) => log.push(line));
    const answers = [trim(), trim()];
    expect(answers.map((answer) => answer.available)).toEqual([false, false]);
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('malloc_trim.node');
  });

  it('answers "not available" where the addon was built without glibc', () => {
    expect(heapTrimmer(() => ({ trim: () => undefined }), () => undefined)()).toEqual({ available: false, reason: expect.stringContaining('not glibc') });
  });
});
