// `npm run serve`: the core, the local engine and the renderer build, served on loopback for a browser.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppLog } from '../app/app-log.js';
import { createAppCore, dataPaths } from '../app/create-app-core.js';
import { builtEngineLaunch } from '../core/engine-host/index.js';
import { defaultUserDataDir } from './user-data-dir.js';
import { startWebHost } from './web-host.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const USAGE = 'usage: npm run serve -- [--port <n>] [--data-dir <dir>]';

const Args = z.object({
  port: z.string().regex(/^\d+$/, 'port must be a number').transform(Number).pipe(z.number().max(65535)).default(0),
  'data-dir': z.string().min(1).optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'data-dir': { type: 'string' } }, strict: true });
  const args = Args.parse(values);
  const dataDir = resolve(args['data-dir'] ?? defaultUserDataDir());
  const paths = dataPaths(dataDir);
  const log = new AppLog({ path: paths.log, echo: (line) => process.stderr.write(`${line}\n`) });
  const { version } = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));

  const core = await createAppCore({
    dataDir,
    info: { version, host: 'web', platform: process.platform },
    // The engine bundle the desktop app ships (serve builds it first), not the source through tsx,
    // whose loader holds about 60 MB more heap in every page worker for each collection to mark.
    engineLaunch: builtEngineLaunch(process.execPath, join(ROOT, 'out/main/engine.js')),
    keychainService: 'Docket',
    log,
    samplesDir: join(ROOT, 'resources', 'samples'),
  });
  await core.start();
  // The page is usable at once when the address appears; a failed engine or core is shown in the page.
  await core.whenOpen();
  const host = await startWebHost({
    dispatcher: core.dispatcher,
    subscribe: (listener) => core.events.subscribe(listener),
    rendererDir: join(ROOT, 'out', 'renderer'),
    stageDir: paths.staged,
    port: args.port,
    log: log.sink,
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([host.close(), core.stop()])
      .then(() => log.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`docket: stopped with an error: ${String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(`docket web host: data in ${dataDir}\n`);
  process.stdout.write(`docket listening on ${host.url}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof z.ZodError ? error.issues.map((i) => i.message).join('; ') : error instanceof Error ? error.message : String(error);
  process.stderr.write(`docket: ${message}\n${USAGE}\n`);
  process.exit(2);
});
