import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DocketCore } from '../src/main/core/docket-core.js';
import { DEFAULT_SYNC_OPTIONS } from '../src/main/core/sync/sync-engine.js';
import { coreClient } from '../test/sync/sync-harness.js';
import { startEngineProcess } from '../test/contract/engine-process.js';
import { median, seededEngineData, timed } from './core-bench-kit.js';

const PAGE_SIZE = DEFAULT_SYNC_OPTIONS.pull.pageSize;

export interface PullFigures {
  files: number;
  coreMs: number;
  referenceMs: number;
  /** The longest the core's event loop (the one that answers IPC) was blocked during a pull. */
  longestStallMs: number;
}

/**
 * A first sync of a fresh cache from an engine holding `files` processed files (documents
 * included), against the same pages fetched and decoded by the client alone; medians of `runs`.
 */
export async function measurePull(files: number, runs: number): Promise<PullFigures> {
  const { dataDir, workspaceId } = await seededEngineData(files);
  const engine = await startEngineProcess({ dataDir });
  const client = coreClient(engine.origin, 120_000);
  const reference: number[] = [];
  const core: number[] = [];
  const stalls: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      reference.push(
        await timed(async () => {
          for (let page = 1; (page - 1) * PAGE_SIZE < files; page++) await client.files.fetch({ workspace_id: workspaceId, page, page_size: PAGE_SIZE, with_document: true });
        }),
      );
      const desk = new DocketCore({ cacheFile: join(await mkdtemp(join(tmpdir(), 'docket-pull-')), 'cache.sqlite'), client });
      // A monitor per pull: one enabled again would count the time it was off as a block.
      const monitor = monitorEventLoopDelay({ resolution: 5 });
      monitor.enable();
      core.push(await timed(() => desk.sync.syncNow()));
      monitor.disable();
      stalls.push(monitor.max / 1e6);
      const cached = desk.listFiles({ workspace_id: workspaceId, page_size: 1 }).total;
      await desk.close();
      if (cached !== files) throw new Error(`the core cached ${cached} files of ${files}`);
    }
  } finally {
    await engine.stop();
  }
  return { files, coreMs: median(core), referenceMs: median(reference), longestStallMs: Math.max(...stalls) };
}
