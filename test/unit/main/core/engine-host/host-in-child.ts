// An app process in miniature for the orphan test: starts the engine host, prints the engine's pid, waits.
import { resolve } from 'node:path';
import { EngineHost, sourceEngineLaunch } from '../../../../../src/main/core/engine-host/index.js';

const host = new EngineHost({
  launch: sourceEngineLaunch(resolve(import.meta.dirname, '../../../../..')),
  dataDir: process.argv[2]!,
  credentials: async () => ({ appId: 'orphan-test', secret: 'orphan-test-secret-0123456789' }),
  log: () => undefined,
});
await host.start();
process.stdout.write(`engine pid ${host.status().pid}\n`);
setInterval(() => undefined, 60_000);
