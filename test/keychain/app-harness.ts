import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppLog } from '../../src/main/app/app-log.js';
import { createAppCore, dataPaths, type AppCore } from '../../src/main/app/create-app-core.js';
import { sourceEngineLaunch } from '../../src/main/core/engine-host/index.js';
import type { IpcResponse } from '../../src/shared/ipc/ipc-response.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface HarnessedApp {
  core: AppCore;
  log: AppLog;
  /** Every line the log printed. */
  logLines: string[];
  /** Every IPC response and pushed event, as it left the core. */
  payloads: unknown[];
  call(channel: string, args?: unknown): Promise<IpcResponse>;
  close(): Promise<void>;
}

/** The app's core as the hosts build it, with the real engine, recording what it says. */
export async function harnessApp(dataDir: string, keychainService: string): Promise<HarnessedApp> {
  const logLines: string[] = [];
  const payloads: unknown[] = [];
  const log = new AppLog({ path: dataPaths(dataDir).log, echo: (line) => logLines.push(line) });
  const core = await createAppCore({
    dataDir,
    info: { version: 'test', host: 'web', platform: process.platform },
    engineLaunch: sourceEngineLaunch(ROOT),
    keychainService,
    log,
  });
  const unsubscribe = core.events.subscribe((message) => payloads.push(message));
  return {
    core,
    log,
    logLines,
    payloads,
    async call(channel, args = {}) {
      const response = await core.dispatcher.invoke(channel, args);
      payloads.push(response);
      return response;
    },
    async close() {
      unsubscribe();
      await core.stop();
      await log.close();
    },
  };
}

/** Every file under a folder, as bytes: SQLite databases, their WAL files, settings, logs. */
export async function filesUnder(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (path) => ({ path, bytes: await readFile(path) })));
}
