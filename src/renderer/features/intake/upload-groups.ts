// The upload queue, by file and by batch, for the progress view. Pure.
import type { UploadView } from '../../../shared/ipc/channels/uploads';

/** The list with this upload's latest state, newest first. */
export function upsertUpload(list: readonly UploadView[], upload: UploadView): UploadView[] {
  const index = list.findIndex((u) => u.upload_id === upload.upload_id);
  if (index < 0) return [upload, ...list];
  return list.map((u, i) => (i === index ? upload : u));
}

export interface BatchProgress {
  batchNumber: string;
  files: number;
  uploaded: number;
  failed: number;
  /** Waiting in the queue, offline included. */
  waiting: number;
  bytes: number;
  sentBytes: number;
}

/** Per-batch totals; bytes of uploaded files count as sent. */
export function batchProgress(uploads: readonly UploadView[], sent: Readonly<Record<string, number>>): BatchProgress[] {
  const batches = new Map<string, BatchProgress>();
  for (const upload of uploads) {
    if (upload.state === 'cancelled') continue;
    const batch = batches.get(upload.batch_number) ?? { batchNumber: upload.batch_number, files: 0, uploaded: 0, failed: 0, waiting: 0, bytes: 0, sentBytes: 0 };
    batch.files++;
    batch.bytes += upload.size;
    if (upload.state === 'uploaded') batch.uploaded++;
    if (upload.state === 'failed') batch.failed++;
    if (upload.state === 'queued') batch.waiting++;
    batch.sentBytes += upload.state === 'uploaded' ? upload.size : Math.min(upload.size, sent[upload.upload_id] ?? upload.bytes_sent);
    batches.set(upload.batch_number, batch);
  }
  return [...batches.values()];
}
