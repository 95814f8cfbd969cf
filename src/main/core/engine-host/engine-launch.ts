import { join } from 'node:path';

/** How to start the engine, short of the port, data folder and credentials the host adds. */
export interface EngineLaunch {
  command: string;
  args: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

/**
 * glibc's allocator for the engine's process. By default it raises its mmap threshold (up to 32 MB)
 * each time a large block is freed, so after the first pages the page workers' rasters and model
 * arenas come from its per-thread heaps, which keep what is freed in their middle, and outlive the
 * worker threads: a stopped worker's heap waits, unreturned, for the next worker. Fixed at 128 KB
 * (glibc's own starting value, never raised), every block of 128 KB or more is mapped on its own and
 * unmapped when freed. Measured (issue 24, docs/benchmarks.md, "A day on the desk"): the engine's
 * JavaScript heap does not grow between batches; what an idle engine keeps above its start is memory
 * freed into the stopped workers' heaps (malloc_trim through gdb gave 152 MB of 322 back). Ten
 * receipts a batch, workers stopped between: idle 286, 291, 294, 309 MB with a 1 MB threshold;
 * 228, 236, 228, 246 MB with 128 KB. Other platforms' allocators ignore it. `npm run engine` starts
 * the engine through sourceEngineLaunch too.
 */
const ENGINE_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };

/**
 * Development and `npm run serve`: the engine's TypeScript source through tsx, on a plain Node
 * (this process's by default; under Electron in development, the Node whose ABI the native
 * modules in node_modules were built for).
 */
export function sourceEngineLaunch(projectRoot: string, nodeBinary: string = process.execPath): EngineLaunch {
  return { command: nodeBinary, args: ['--import', 'tsx', join(projectRoot, 'src/engine/cli.ts')], cwd: projectRoot, env: ENGINE_ALLOCATOR_ENV };
}

/** The packaged app: the bundled engine on Electron's own Node runtime. */
export function builtEngineLaunch(electronBinary: string, engineScript: string): EngineLaunch {
  return { command: electronBinary, args: [engineScript], env: { ...ENGINE_ALLOCATOR_ENV, ELECTRON_RUN_AS_NODE: '1' } };
}
