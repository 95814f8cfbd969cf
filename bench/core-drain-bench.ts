import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocketCore } from '../src/main/core/docket-core.js';
import { DEFAULT_PUSHER_OPTIONS } from '../src/main/core/sync/pusher.js';
import { coreClient } from '../test/sync/sync-harness.js';
import { startEngineProcess } from '../test/contract/engine-process.js';
import { seededEngineData, timed } from './core-bench-kit.js';

export interface DrainFigures {
  corrections: number;
  coreMs: number;
  referenceMs: number;
}

/**
 * `corrections` corrections, one per file, queued while offline and then drained (each checked
 * against the server before it is sent), against the same /file/update bodies sent raw by the
 * client with the same concurrency.
 */
export async function measureDrain(corrections: number): Promise<DrainFigures> {
  const { dataDir, workspaceId } = await seededEngineData(corrections);
  const engine = await startEngineProcess({ dataDir });
  const client = coreClient(engine.origin, 60_000);
  try {
    const fileIds: string[] = [];
    for (let page = 1; fileIds.length < corrections; page++) {
      fileIds.push(...(await client.files.fetch({ workspace_id: workspaceId, page, page_size: 1000 })).files.map((f) => f.id));
    }
    const bodyOf = (fileId: string, round: string) => ({ fields: [{ key: 'Total Amount', value: `${round}-${fileId}` }, { key: 'Vendor', value: 'Checked' }] });

    const queue = [...fileIds];
    const referenceMs = await timed(() =>
      Promise.all(
        Array.from({ length: DEFAULT_PUSHER_OPTIONS.concurrency }, async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) await client.files.update([{ workspace_id: workspaceId, file_id: id, data: bodyOf(id, 'raw') }]);
        }),
      ),
    );

    // The desk caches the files as the reference left them, then corrects each one offline.
    const desk = new DocketCore({ cacheFile: join(await mkdtemp(join(tmpdir(), 'docket-drain-')), 'cache.sqlite'), client });
    await desk.sync.syncNow();
    await desk.sync.setMode('paused');
    for (const id of fileIds) desk.changes.correctFile({ workspace_id: workspaceId, file_id: id, data: bodyOf(id, 'core') });
    // Timed until the outbox is empty: the pull that follows in the same cycle is not part of the drain.
    const started = performance.now();
    let drainedAt: number | undefined;
    desk.events.on('outbox-changed', (counts) => {
      if (counts.pending === 0) drainedAt ??= performance.now();
    });
    await desk.sync.setMode('online');
    while (desk.outbox.counts().pending > 0) await desk.sync.syncNow();
    const coreMs = drainedAt! - started;
    const drained = desk.journal.list({ limit: 100_000 }).filter((e) => e.kind === 'sync.applied').length;
    await desk.close();
    if (drained !== fileIds.length) throw new Error(`${drained} corrections of ${fileIds.length} were applied`);
    return { corrections: fileIds.length, coreMs, referenceMs };
  } finally {
    await engine.stop();
  }
}
