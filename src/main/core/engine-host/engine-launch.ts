import { join } from 'node:path';

/** How to start the engine, short of the port, data folder and credentials the host adds. */
export interface EngineLaunch {
  command: string;
  args: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

/**
 * Development: the engine's TypeScript source through tsx, on a plain Node (this process's by
 * default; under Electron in development, the Node whose ABI the native modules in node_modules were
 * built for). `npm run engine` runs the same command (package.json). The engine sets glibc's
 * allocator for itself at its start (src/engine/pipeline/read/ocr/heap-trim.ts): no launch adds it.
 */
export function sourceEngineLaunch(projectRoot: string, nodeBinary: string = process.execPath): EngineLaunch {
  return { command: nodeBinary, args: ['--import', 'tsx', join(projectRoot, 'src/engine/cli.ts')], cwd: projectRoot };
}

/** The packaged app and `npm run serve`: the bundled engine on Electron's own Node runtime. */
export function builtEngineLaunch(electronBinary: string, engineScript: string): EngineLaunch {
  return { command: electronBinary, args: [engineScript], env: { ELECTRON_RUN_AS_NODE: '1' } };
}
