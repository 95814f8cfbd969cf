import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getHeapSpaceStatistics } from 'node:v8';
import { collectV8Garbage, ENGINE_MMAP_THRESHOLD, fixMmapThreshold, HeapTrim, heapTrimmer, mmapThresholdFixer, trimHeap } from '../../../../../../src/engine/pipeline/read/ocr/heap-trim.js';

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

// The mmap threshold, in a Node process of its own: an 8 MB block freed first raises glibc's dynamic
// threshold to 8 MB, as Node's start does in the engine (gdb read 8.4 MB in one). Then, with the
// threshold fixed by the addon (argument "fix") or not, 50 blocks of 2 MB are filled and freed, all but
// the last; resident size before and after the frees.
const THRESHOLD_SCRIPT = `
const { readFileSync } = require('node:fs');
const { setTimeout: sleep } = require('node:timers/promises');
const addon = require('docket-malloc-trim');
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
const settle = async () => { for (let i = 0; i < 3; i++) { globalThis.gc(); await sleep(100); } };
(async () => {
  let first = Buffer.allocUnsafeSlow(8 * 1024 * 1024).fill(1);
  first = undefined;
  await settle();
  const fixed = process.argv.at(-1) === 'fix' ? addon.fixMmapThreshold(${ENGINE_MMAP_THRESHOLD}) : null;
  let blocks = Array.from({ length: 50 }, () => Buffer.allocUnsafeSlow(2 * 1024 * 1024).fill(7));
  const pin = blocks.at(-1);
  const held = rss();
  blocks = undefined;
  await settle();
  process.stdout.write(JSON.stringify({ fixed, held, freed: rss(), pinned: pin.length }));
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

describe('fixMmapThreshold', () => {
  /** MB the process gave back when 49 of its 2 MB blocks were freed, with the threshold fixed or not, or fixed by the variable the desk's launch used to set. */
  const givenBack = (arm: 'fix' | 'none', env: NodeJS.ProcessEnv = process.env) => {
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', THRESHOLD_SCRIPT, arm], { encoding: 'utf8', cwd: ROOT, env });
    expect(run.stderr).toBe('');
    const { fixed, held, freed } = JSON.parse(run.stdout) as { fixed: number | null; held: number; freed: number };
    return { fixed, mb: (held - freed) / 1024 ** 2 };
  };

  it("fixes glibc's mmap threshold in this process, as MALLOC_MMAP_THRESHOLD_ did: blocks of 1 MB and more go back to the system when freed", () => {
    expect(fixMmapThreshold(ENGINE_MMAP_THRESHOLD)).toEqual({ fixed: true, bytes: ENGINE_MMAP_THRESHOLD });
    // Without it the raised dynamic threshold puts the 2 MB blocks in the heap, which keeps the freed ones.
    expect(givenBack('none').mb).toBeLessThan(20);
    const fixed = givenBack('fix');
    expect(fixed.fixed).toBe(ENGINE_MMAP_THRESHOLD);
    expect(fixed.mb).toBeGreaterThan(80);
    // The variable, for reference: the same.
    expect(givenBack('none', { ...process.env, MALLOC_MMAP_THRESHOLD_: String(ENGINE_MMAP_THRESHOLD) }).mb).toBeGreaterThan(80);
  });

  it('says why when the addon cannot be loaded, the platform has no glibc, or glibc refused the threshold, without throwing', () => {
    const unbuilt = mmapThresholdFixer(() => {
      throw new Error('Cannot find module ./build/Release/malloc_trim.node');
    });
    expect(unbuilt(ENGINE_MMAP_THRESHOLD)).toEqual({ fixed: false, unsupported: false, reason: expect.stringContaining('malloc_trim.node') });
    expect(mmapThresholdFixer(() => ({ fixMmapThreshold: () => undefined }))(ENGINE_MMAP_THRESHOLD)).toEqual({ fixed: false, unsupported: true, reason: expect.stringContaining('not glibc') });
    expect(mmapThresholdFixer(() => ({ fixMmapThreshold: () => 0 }))(ENGINE_MMAP_THRESHOLD)).toEqual({ fixed: false, unsupported: false, reason: expect.stringContaining('refused') });
    // An addon built before the function existed: only trim().
    expect(mmapThresholdFixer(() => ({ trim: () => 0 }))(ENGINE_MMAP_THRESHOLD)).toMatchObject({ fixed: false, unsupported: false });
  });
});

describe('collectV8Garbage', () => {
  const youngGeneration = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

  it('gives back the young generation a burst of short-lived objects grew, which V8 keeps committed otherwise', async () => {
    // Objects that survive a scavenge or two, as an answer's rows do while it is written: the young generation grows to its most.
    let kept: object[][] = [];
    for (let round = 0; round < 40; round++) {
      kept.push(Array.from({ length: 100_000 }, (_, i) => ({ i, text: `row ${i}` })));
      if (kept.length > 3) kept.shift();
    }
    kept = [];
    const grown = youngGeneration();
    expect(grown).toBeGreaterThan(4 * 1024 ** 2);
    expect(await collectV8Garbage()).toBe(true);
    expect(youngGeneration()).toBeLessThan(grown / 2);
    expect(kept).toEqual([]);
  });
});
