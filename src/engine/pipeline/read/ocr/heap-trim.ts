import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * What giving freed memory back to the system did (issue 24): glibc keeps what a stopped page worker
 * freed in the middle of its thread's heap, and only `malloc_trim(0)` returns it. The call comes from
 * our addon `docket-malloc-trim` (native/malloc-trim), built at `npm ci`.
 */
export const HeapTrim = z.discriminatedUnion('available', [
  // glibc answered: 1 when it released memory, 0 when it had none to release.
  z.object({ available: z.literal(true), released: z.boolean() }),
  // No malloc_trim here (macOS, Windows, musl), or the addon could not be loaded.
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type HeapTrim = z.infer<typeof HeapTrim>;

const Addon = z.object({ trim: z.custom<() => unknown>((value) => typeof value === 'function', 'trim is not a function') });
/** The addon's answer: malloc_trim's return value, or undefined where the platform has none. */
const TrimAnswer = z.union([z.literal(0), z.literal(1), z.undefined()]);

type Loaded = { trim: () => unknown } | { failure: string };

/**
 * A trim function over the addon `load` gives: loaded at the first trim, and a failure to load it
 * logged once and answered as "not available" from then on, never thrown (the engine goes on).
 */
export function heapTrimmer(load: () => unknown, log: (line: string) => void): () => HeapTrim {
  let loaded: Loaded | undefined;
  return () => {
    if (!loaded) {
      try {
        loaded = Addon.parse(load());
      } catch (error) {
        loaded = { failure: `the malloc-trim addon could not be loaded (${error instanceof Error ? error.message : String(error)})` };
        log(`engine: ${loaded.failure}; freed memory stays with the allocator`);
      }
    }
    if ('failure' in loaded) return { available: false, reason: loaded.failure };
    const answer = TrimAnswer.parse(loaded.trim());
    if (answer === undefined) return { available: false, reason: 'this platform has no malloc_trim (not glibc)' };
    return { available: true, released: answer === 1 };
  };
}

const loadAddon = (): unknown => createRequire(import.meta.url)('docket-malloc-trim');

/** Gives the memory freed but kept by glibc back to the system. Only for idle moments: it walks every heap. */
export const trimHeap = heapTrimmer(loadAddon, (line) => process.stderr.write(`${line}\n`));

/**
 * V8's heap of the calling thread given back (issue 31): a full collection that also shrinks what V8
 * keeps committed beyond its objects (its young generation above all), as on a low-memory
 * notification. It is what the inspector's HeapProfiler.collectGarbage asks of V8, asked through a
 * session inside the process (no port is opened). V8 shrinks its heap by itself only after collections
 * that work sets off, so an engine left idle kept whatever its main thread's heap had grown to in the
 * last batch: on the desk, 47-53 MB of objects in 55-87 MB committed, the most of the idle engine's
 * difference from one batch to the next (docs/benchmarks.md, "A day on the desk"). Answers false,
 * never throws, where the runtime has no inspector (a Node built without one). Only for idle moments:
 * the collection stops the thread for as long as it takes (0.1-0.35 s measured in an idle engine).
 */
export async function collectV8Garbage(): Promise<boolean> {
  try {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    try {
      await session.post('HeapProfiler.collectGarbage');
    } finally {
      session.disconnect();
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * glibc's allocator for the engine's process, fixed by the engine itself at its start (cli.ts, before
 * any page worker), so the desk's launch and `npm run engine` get it alike. By default glibc raises
 * its mmap threshold (up to 32 MB) each time a large block is freed, so after the first pages the
 * page workers' rasters and model arenas come from its per-thread heaps, which keep what is freed in
 * their middle. Fixed at 1 MB (mallopt(M_MMAP_THRESHOLD), which also turns the dynamic threshold off,
 * as MALLOC_MMAP_THRESHOLD_=1048576 in the environment did before), every block of 1 MB or more is
 * mapped on its own and unmapped when freed. Measured (issue 24, docs/benchmarks.md, "A day on the
 * desk"): on the desk the idle engine after a second batch of 25 receipts was 1.31 times its size
 * after the first by default, 1.10 times with this threshold, at the same CPU per page. Over a day of
 * four batches of 50 it still grows (1.26 times): the engine's JavaScript heap stays flat; the growth
 * is smaller blocks freed into the stopped workers' heaps, which outlive the threads and which only
 * malloc_trim gives back (through gdb: 322 of an idle engine's MB to 170). A 128 KB threshold kept
 * the idle engine lower (218 MB after the first batch of 50, against 308) but cost 12-17% more CPU
 * per page in paired runs and did not keep the idle size either (274 MB after the second). Set from
 * here, after Node's start has already raised the dynamic threshold (gdb, an engine from source
 * without it: 8.4 MB, trim threshold 17.7 MB), the addon also puts the trim threshold back to glibc's
 * default, where the variable left it: gdb reads the same three values (mmap threshold 1 MiB, trim
 * threshold 128 KiB, dynamic threshold off) in an engine started either way. Other platforms'
 * allocators have no such setting.
 */
export const ENGINE_MMAP_THRESHOLD = 1024 * 1024;

export type MmapThreshold = { fixed: true; bytes: number } | { fixed: false; reason: string; /** No glibc here: nothing to fix, not a fault. */ unsupported: boolean };

const ThresholdAddon = z.object({ fixMmapThreshold: z.custom<(bytes: number) => unknown>((value) => typeof value === 'function', 'fixMmapThreshold is not a function') });
/** The threshold glibc took, 0 when it refused it, undefined where the platform has no mallopt. */
const ThresholdAnswer = z.union([z.number().int().nonnegative(), z.undefined()]);

/** Fixes glibc's mmap threshold through the addon `load` gives; says why when it could not, never throws. */
export function mmapThresholdFixer(load: () => unknown): (bytes: number) => MmapThreshold {
  return (bytes) => {
    let addon: z.infer<typeof ThresholdAddon>;
    try {
      addon = ThresholdAddon.parse(load());
    } catch (error) {
      return { fixed: false, unsupported: false, reason: `the malloc-trim addon could not be loaded (${error instanceof Error ? error.message : String(error)})` };
    }
    const answer = ThresholdAnswer.parse(addon.fixMmapThreshold(bytes));
    if (answer === undefined) return { fixed: false, unsupported: true, reason: 'this platform has no mallopt (not glibc)' };
    if (answer !== bytes) return { fixed: false, unsupported: false, reason: `glibc refused an mmap threshold of ${bytes} bytes` };
    return { fixed: true, bytes };
  };
}

/** Fixes glibc's mmap threshold for this whole process (every thread's heap): once, at the engine's start. */
export const fixMmapThreshold = mmapThresholdFixer(loadAddon);
