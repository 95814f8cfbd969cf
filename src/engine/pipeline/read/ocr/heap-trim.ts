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

/** Gives the memory freed but kept by glibc back to the system. Only for idle moments: it walks every heap. */
export const trimHeap = heapTrimmer(
  () => createRequire(import.meta.url)('docket-malloc-trim'),
  (line) => process.stderr.write(`${line}\n`),
);
