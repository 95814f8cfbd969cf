import { describe, expect, it } from 'vitest';
import type { UploadView } from '../../../../src/shared/ipc/channels/uploads';
import { batchProgress, upsertUpload } from '../../../../src/renderer/features/intake/upload-groups';

function upload(id: string, batch: string, state: UploadView['state'], size: number, bytesSent = 0): UploadView {
  return { upload_id: id, workspace_id: 'w', path: `/p/${id}`, file_name: `${id}.pdf`, size, sha256: 'x', page_count: 1, format: 'pdf', batch_number: batch, source: 'user', state, bytes_sent: bytesSent, attempts: 0, error: null, file_id: null, task_id: null, sent_as: null, created_ms: 1, updated_ms: 1 };
}

describe('upload progress', () => {
  it('keeps the latest state of each upload, newest first', () => {
    const list = upsertUpload(upsertUpload([], upload('a', 'B1', 'queued', 10)), upload('b', 'B1', 'queued', 10));
    expect(list.map((u) => u.upload_id)).toEqual(['b', 'a']);
    expect(upsertUpload(list, upload('a', 'B1', 'uploaded', 10)).map((u) => [u.upload_id, u.state])).toEqual([
      ['b', 'queued'],
      ['a', 'uploaded'],
    ]);
  });

  it('sums a batch: uploaded bytes count as sent, live progress wins over the stored one, cancelled ones drop out', () => {
    const uploads = [upload('a', 'B1', 'uploaded', 100), upload('b', 'B1', 'uploading', 50, 10), upload('c', 'B1', 'queued', 30), upload('d', 'B1', 'cancelled', 999), upload('e', 'B2', 'failed', 5)];
    expect(batchProgress(uploads, { b: 25 })).toEqual([
      { batchNumber: 'B1', files: 3, uploaded: 1, failed: 0, waiting: 1, bytes: 180, sentBytes: 125 },
      { batchNumber: 'B2', files: 1, uploaded: 0, failed: 1, waiting: 0, bytes: 5, sentBytes: 0 },
    ]);
  });
});
