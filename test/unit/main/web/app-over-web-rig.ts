import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { AppLog } from '../../../../src/main/app/app-log.js';
import { createAppCore, dataPaths, type AppCore } from '../../../../src/main/app/create-app-core.js';
import { sourceEngineLaunch } from '../../../../src/main/core/engine-host/index.js';
import { startWebHost, type WebHost } from '../../../../src/main/web/web-host.js';
import { until, type PollOptions } from '../../../support/poll.js';
import { callOverWeb } from './web-call.js';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** The whole app core (profiles, engine host from source, data core) behind the web host, as `npm run serve` runs it. */
export interface AppOverWeb {
  core: AppCore;
  host: WebHost;
  /** One contract call over the host's HTTP transport. */
  call<T = Record<string, unknown>>(channel: string, args?: unknown): Promise<T>;
  /** The default workspace's id, once the core has synced it. */
  firstWorkspace(poll: PollOptions): Promise<string>;
}

/**
 * Starts the app over the web host before the file's tests and stops it after them. Call it at the
 * top of the file; its own beforeAll hooks run after this one and find the object filled in.
 */
export function useAppOverWeb(options: { keychainService: string; withSamples?: boolean }): AppOverWeb {
  let log: AppLog | undefined;
  const app = {
    call: <T>(channel: string, args: unknown = {}) => callOverWeb<T>(app.host, channel, args),
    async firstWorkspace(poll: PollOptions) {
      const { workspaces } = await until(async () => {
        const listed = await app.call<{ workspaces: { workspace_id: string }[] }>('workspaces.list');
        return listed.workspaces.length > 0 ? listed : undefined;
      }, poll);
      return workspaces[0]!.workspace_id;
    },
  } as AppOverWeb;

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docket-app-web-'));
    log = new AppLog({ path: dataPaths(dataDir).log });
    app.core = await createAppCore({
      dataDir,
      info: { version: 'test', host: 'web', platform: process.platform },
      engineLaunch: sourceEngineLaunch(ROOT),
      keychainService: options.keychainService,
      log,
      samplesDir: options.withSamples ? join(ROOT, 'resources', 'samples') : undefined,
    });
    await app.core.start();
    await app.core.whenOpen();
    app.host = await startWebHost({
      dispatcher: app.core.dispatcher,
      subscribe: (listener) => app.core.events.subscribe(listener),
      rendererDir: join(dataDir, 'renderer'),
      stageDir: dataPaths(dataDir).staged,
      log: log.sink,
    });
  }, 90_000);

  afterAll(async () => {
    await app.host?.close();
    await app.core?.stop();
    await log?.close();
  });
  return app;
}
