import { join } from 'node:path';
import type { DocketClient } from '../../src/main/core/api/index.js';
import { RecognitionStatus, type FileRecord, type UploadOptions } from '../../src/shared/api/index.js';
import type { CorpusEntry } from '../corpus/corpus.js';

export interface BatchRun {
  /** Records by corpus entry id. */
  records: Map<string, FileRecord>;
  /** From the first upload to the last file settled. */
  seconds: number;
}

const POLL_MS = 50;
const SETTLED = [RecognitionStatus.success, RecognitionStatus.failed, RecognitionStatus.classified] as const;

/**
 * Uploads the entries in corpus order (so "earlier" means the same to the duplicate check) as one
 * batch and waits until every file has settled.
 */
export async function runBatch(client: DocketClient, corpusDir: string, workspaceId: string, entries: readonly Pick<CorpusEntry, 'id' | 'file'>[], options: Partial<UploadOptions>, timeoutMs: number): Promise<BatchRun> {
  const batch = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const started = performance.now();
  const taskIds = new Map<string, string>();
  for (const entry of entries) {
    const { files } = await client.files.upload(join(corpusDir, entry.file), { workspace_id: workspaceId, batch_number: batch, ...options });
    taskIds.set(files[0]!.task_id, entry.id);
  }
  const deadline = Date.now() + timeoutMs;
  // Counting settled files is three tiny requests; fetching every record while they run would load the engine.
  const settledCount = async () => {
    let n = 0;
    for (const status of SETTLED) n += (await client.files.fetch({ workspace_id: workspaceId, batch_number: batch, recognition_status: status, page_size: 1 })).total;
    return n;
  };
  while ((await settledCount()) < entries.length) {
    if (Date.now() > deadline) throw new Error(`batch ${batch}: files still in progress after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const { files } = await client.files.fetch({ workspace_id: workspaceId, batch_number: batch, page_size: 1000 });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, records: new Map(files.map((f) => [taskIds.get(f.task_id)!, f])) };
}
