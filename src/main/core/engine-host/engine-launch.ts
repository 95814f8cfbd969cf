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
 * arenas come from its per-thread heaps, which keep freed memory: once the idle workers had stopped
 * and started again, the same 50 receipts cost up to 2.65 times the memory (issue 24). A fixed
 * threshold of 1 MB keeps every large block mapped on its own and given back when freed (same CPU per
 * page; docs/benchmarks.md, "A day on the desk"). Other platforms' allocators ignore it.
 */
const ENGINE_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };

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
