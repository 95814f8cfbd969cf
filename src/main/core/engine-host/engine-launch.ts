import { join } from 'node:path';

/** How to start the engine, short of the port, data folder and credentials the host adds. */
export interface EngineLaunch {
  command: string;
  args: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

/**
 * Development and tests: the engine's TypeScript source through tsx, on a plain Node (this process's
 * by default; under Electron in development, the Node whose ABI the native modules in node_modules
 * were built for). Each page worker then loads tsx too, about 130 MB a worker; `npm run engine` runs
 * the bundle instead, as the desk does (builtEngineLaunch). The engine sets glibc's allocator for
 * itself at its start (src/engine/pipeline/read/ocr/heap-trim.ts): no launch adds it.
 */
export function sourceEngineLaunch(projectRoot: string, nodeBinary: string = process.execPath): EngineLaunch {
  return { command: nodeBinary, args: ['--import', 'tsx', join(projectRoot, 'src/engine/cli.ts')], cwd: projectRoot };
}

/**
 * The packaged app and `npm run serve`: the bundled engine (out/main/engine.js) on Electron's own
 * Node runtime, or on the Node that runs the host (serve.ts, where ELECTRON_RUN_AS_NODE means
 * nothing). `npm run engine` builds and runs the same bundle on Node (package.json).
 */
export function builtEngineLaunch(electronBinary: string, engineScript: string): EngineLaunch {
  return { command: electronBinary, args: [engineScript], env: { ELECTRON_RUN_AS_NODE: '1' } };
}
