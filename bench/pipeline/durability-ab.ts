import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocketClient } from '../../src/main/core/api/index.js';
import { startEngine } from '../../src/engine/server.js';
import type { CorpusEntry } from '../corpus/corpus.js';
import { rawTextExtraction } from './raw-pdfjs.js';
import { runBatch } from './run-batch.js';
import { starterWorkspace } from './starter-workspace.js';

const CREDENTIALS = { appId: 'bench', secret: 'bench-secret-0123456789' };
const MODES = ['FULL', 'NORMAL'] as const;

export interface DurabilityFigures {
  /** Median seconds per batch with the store's synchronous pragma as shipped (FULL) and relaxed (NORMAL). */
  seconds: Record<(typeof MODES)[number], number>;
  rawSeconds: number;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Where the pipeline's time goes beyond parsing: the same batches through an in-process engine whose
 * store commits with synchronous=FULL (as shipped: every status change waits for the disk) and NORMAL
 * (WAL stays consistent after a process crash), alternating, with raw pdf.js measured in between.
 */
export async function durabilityAb(corpusDir: string, entries: readonly CorpusEntry[], passes: number): Promise<DurabilityFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docket-bench-ab-'));
  const engine = await startEngine({ dataDir, credentials: CREDENTIALS, starter: false, log: () => undefined });
  const client = new DocketClient({ baseUrl: engine.origin, credentials: { ...CREDENTIALS, mode: 'headers' }, timeoutMs: 120_000 });
  const runs: Record<(typeof MODES)[number], number[]> = { FULL: [], NORMAL: [] };
  const raw: number[] = [];
  try {
    for (let pass = 0; pass < passes * MODES.length; pass++) {
      const mode = MODES[pass % MODES.length]!;
      engine.deps.db.pragma(`synchronous = ${mode}`);
      const workspace = await starterWorkspace(client, `durability ${pass}`, dataDir);
      runs[mode].push((await runBatch(client, corpusDir, workspace, entries, { auto_verify_vat: true }, 5 * 60_000)).seconds);
      raw.push(await rawTextExtraction(corpusDir, entries.map((e) => e.file)));
    }
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { seconds: { FULL: median(runs.FULL), NORMAL: median(runs.NORMAL) }, rawSeconds: median(raw) };
}
