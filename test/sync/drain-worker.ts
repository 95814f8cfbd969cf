// A desk that only pushes: opens the cache, syncs until the outbox is empty, prints "drained" and
// exits. The SIGKILL test kills it at random points and starts it again.
// Usage: node --import tsx test/sync/drain-worker.ts <cache file> <server origin>
import { DocketCore } from '../../src/main/core/docket-core.js';
import { coreClient, FAST_SYNC } from './sync-harness.js';

async function main(): Promise<void> {
  const [cacheFile, origin] = process.argv.slice(2);
  if (!cacheFile || !origin) throw new Error('usage: drain-worker.ts <cache file> <server origin>');
  const core = new DocketCore({ cacheFile, client: coreClient(origin), sync: { ...FAST_SYNC, pullIntervalMs: 60_000, catalogIntervalMs: 60_000 } });
  core.start();
  process.stdout.write('ready\n');
  while (core.outbox.counts().pending > 0) {
    await core.sync.syncNow();
    if (core.outbox.counts().pending > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await core.close();
  process.stdout.write('drained\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`drain worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
