import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { sourceEngineLaunch } from './engine-launch.js';

// `npm run engine [-- options]`: the engine from source, started by the same launch as the desk's in
// development (sourceEngineLaunch: its command and its environment, the allocator setting included),
// with the command line's options added. One place says how the engine is started; the engine's CLI
// does not re-exec itself to add the setting because Node 20 cannot exec in place: that would put a
// second process around every engine started without it (the contract tests start cli.ts and the
// bundle directly), and killing the outer one (SIGKILL, as a crash test does) would leave the engine
// running on its data folder.
const ROOT = resolve(import.meta.dirname, '../../../..');

const launch = sourceEngineLaunch(ROOT);
const engine = spawn(launch.command, [...launch.args, ...process.argv.slice(2)], { cwd: launch.cwd, env: { ...process.env, ...launch.env }, stdio: 'inherit' });

// Stopping this process stops the engine (a terminal's Ctrl-C reaches both; the engine stops once).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => engine.kill(signal));
engine.once('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
