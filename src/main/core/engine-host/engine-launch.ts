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
 * arenas come from its per-thread heaps, which keep what is freed in their middle. Fixed at 1 MB,
 * every block of 1 MB or more is mapped on its own and unmapped when freed. Measured (issue 24,
 * docs/benchmarks.md, "A day on the desk"): on the desk the idle engine after a second batch of 25
 * receipts was 1.31 times its size after the first by default, 1.10 times with this threshold, at the
 * same CPU per page. Over a day of four batches of 50 it still grows (1.26 times): the engine's
 * JavaScript heap stays flat; the growth is smaller blocks freed into the stopped workers' heaps,
 * which outlive the threads and which only malloc_trim gives back (through gdb: 322 of an idle
 * engine's MB to 170). A 128 KB threshold kept the idle engine lower (218 MB after the first batch
 * of 50, against 308) but cost 12-17% more CPU per page in paired runs and did not keep the idle size
 * either (274 MB after the second). Other platforms' allocators ignore it. `npm run engine` starts
 * the engine through sourceEngineLaunch too.
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
