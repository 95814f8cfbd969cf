import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { firstRunChannels } from '../../../shared/ipc/channels/first-run.js';
import { CoreError } from '../core-error.js';
import { prepared, type Db } from '../store/cache-db.js';
import { Meta } from '../store/meta.js';
import type { UploadQueue } from '../uploads/upload-queue.js';

export const SAMPLE_BATCH_NUMBER = 'samples';
/** Sample files named so hold several documents. */
const SPLIT_SUFFIX = '-for-split.pdf';
const LOADED_KEY = 'first_run.samples_loaded_ms';

type FirstRunState = z.infer<typeof firstRunChannels['firstRun.state']['result']>;
type LoadedSamples = z.infer<typeof firstRunChannels['firstRun.loadSamples']['result']>;

/**
 * The sample batch offered to a newcomer: the generated documents of resources/samples, uploaded
 * as one batch. Offered while this profile's cache has never held a file or an upload; loaded once.
 */
export class SampleBatch {
  private readonly meta: Meta;

  constructor(
    private readonly db: Db,
    private readonly uploads: UploadQueue,
    private readonly now: () => number,
  ) {
    this.meta = new Meta(db);
  }

  state(): FirstRunState {
    const samplesLoaded = this.meta.get<number>(LOADED_KEY) !== undefined;
    const untouched = prepared(this.db, 'SELECT NOT EXISTS (SELECT 1 FROM files) AND NOT EXISTS (SELECT 1 FROM uploads)').pluck().get() === 1;
    return { firstRun: untouched && !samplesLoaded, samplesLoaded };
  }

  /** Queues every PDF of `samplesDir` as the batch "samples", auto-classified and invoices verified. */
  async load(workspaceId: string, samplesDir: string): Promise<LoadedSamples> {
    if (this.state().samplesLoaded) throw new CoreError('INVALID_STATE', 'the sample batch is already loaded');
    const names = (await readdir(samplesDir)).filter((name) => name.endsWith('.pdf')).sort();
    if (names.length === 0) throw new CoreError('NOT_FOUND', `no sample documents in ${samplesDir}`);
    const options = { workspace_id: workspaceId, batch_number: SAMPLE_BATCH_NUMBER, auto_verify_vat: true };
    // Only the multi-document sample is split: a split turns every file into a parent of its parts.
    const [toSplit, whole] = partition(names.map((name) => join(samplesDir, name)), (path) => path.endsWith(SPLIT_SUFFIX));
    const results = [];
    for (const [paths, split] of [[whole, false], [toSplit, true]] as const) {
      if (paths.length > 0) results.push(await this.uploads.enqueue({ paths, options: { ...options, split_flag: split }, source: 'sample' }));
    }
    const queued = results.flatMap((r) => r.queued);
    const refused = results.flatMap((r) => r.refused);
    // Some refused (already uploaded by hand, say) still makes a sample batch; none queued does not.
    if (queued.length === 0) {
      throw new CoreError('REJECTED', `the sample documents were refused: ${refused.map((r) => `${r.name} (${r.warnings.map((w) => w.message).join('; ')})`).join(', ')}`);
    }
    this.meta.set(LOADED_KEY, this.now());
    return { batchNumber: SAMPLE_BATCH_NUMBER, queued };
  }
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
