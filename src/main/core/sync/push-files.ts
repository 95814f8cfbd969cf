import { IN_PROGRESS_STATUSES, VerificationStatus, type FileRecord } from '../../../shared/api/index.js';
import type { FileRow } from '../store/file-cache.js';
import type { OutboxOp } from './outbox.js';
import type { PushContext, PushHandler, PushOutcome } from './push-types.js';

const DELETED_ON_SERVER = 'The file was deleted on the server, so this change cannot be applied to it.';
const PROCESSING = 'The file is being processed on the server; the change waits until it has finished.';

/** The file as the server holds it now (undefined when deleted or unknown), not yet kept in the cache. */
export async function fetchServerFile(context: Pick<PushContext, 'client' | 'signal'>, workspaceId: string, fileId: string): Promise<FileRecord | undefined> {
  const { files } = await context.client.files.fetch({ workspace_id: workspaceId, file_id: fileId }, { signal: context.signal });
  const file = files.find((f) => f.id === fileId);
  return !file || file.verification_status === VerificationStatus.deleted ? undefined : file;
}

/** The file as the server holds it now, kept in the cache as a pull would. */
async function serverFile(context: PushContext, workspaceId: string, fileId: string): Promise<FileRecord | undefined> {
  const file = await fetchServerFile(context, workspaceId, fileId);
  if (file) context.sync.files.refreshFromServer(workspaceId, file, context.sync.clock.now());
  return file;
}

function inProgress(file: FileRecord): boolean {
  return (IN_PROGRESS_STATUSES as readonly number[]).includes(file.recognition_status);
}

function updatedMsOf(file: FileRecord): number | null {
  const ms = file.updated_at === undefined ? Number.NaN : Date.parse(file.updated_at);
  return Number.isNaN(ms) ? null : ms;
}

/** The server's record is the very version the local change was made on (known only when the server dates its records). */
export function sameVersionAsBase(row: FileRow, server: FileRecord): boolean {
  return row.base_updated_ms !== null && updatedMsOf(server) === row.base_updated_ms;
}

/** Deleted, or still processing: what every file change checks first, given the server's record. */
export function liveFile(op: OutboxOp, fileId: string, file: FileRecord | undefined, context: Pick<PushContext, 'sync'>, local?: () => unknown): { file: FileRecord; row: FileRow } | PushOutcome {
  if (!file) return { type: 'rejected', reason: DELETED_ON_SERVER, local: local?.() };
  if (inProgress(file)) return { type: 'defer', reason: PROCESSING };
  return { file, row: context.sync.files.requireRow(op.workspaceId, fileId) };
}

async function liveServerFile(op: OutboxOp, fileId: string, context: PushContext): Promise<{ file: FileRecord; row: FileRow } | PushOutcome> {
  return liveFile(op, fileId, await serverFile(context, op.workspaceId, fileId), context);
}

export const pushAmendCategory: PushHandler<'file.amend-category'> = async (op, context) => {
  const { body, file_id: fileId } = op.change;
  const live = await liveServerFile(op, fileId, context);
  if ('type' in live) return live;
  const { file, row } = live;
  const wanted = body.category;
  const settle = wanted === undefined ? undefined : () => context.sync.files.setBase(row.rid, { category: wanted, updatedMs: null });
  if (wanted !== undefined) {
    if (file.category === wanted) return { type: 'applied', already: true, settle };
    if (!sameVersionAsBase(row, file) && file.category !== row.base_category) {
      return { type: 'conflict', conflict: { fileId, aspect: 'category', base: row.base_category, server: file.category, local: wanted } };
    }
  }
  await context.client.files.amendCategory(body, { signal: context.signal });
  return { type: 'applied', settle };
};

/**
 * Re-extraction and retry start processing again; sent twice they only process twice. After an
 * unanswered attempt, a file that changed on the server since is taken as having received it.
 */
function receivedEarlier(op: OutboxOp, row: FileRow, file: FileRecord): PushOutcome | undefined {
  return op.state === 'unknown' && row.base_updated_ms !== null && !sameVersionAsBase(row, file) ? { type: 'applied', already: true } : undefined;
}

export const pushReExtract: PushHandler<'file.re-extract'> = async (op, context) => {
  const live = await liveServerFile(op, op.change.file_id, context);
  if ('type' in live) return op.state === 'unknown' && live.type === 'defer' ? { type: 'applied', already: true } : live;
  const earlier = receivedEarlier(op, live.row, live.file);
  if (earlier) return earlier;
  await context.client.files.extractFields(op.change.body, { signal: context.signal });
  return { type: 'applied' };
};

export const pushRetry: PushHandler<'file.retry'> = async (op, context) => {
  const live = await liveServerFile(op, op.change.file_id, context);
  if ('type' in live) return op.state === 'unknown' && live.type === 'defer' ? { type: 'applied', already: true } : live;
  const earlier = receivedEarlier(op, live.row, live.file);
  if (earlier) return earlier;
  await context.client.files.retry(op.change.body, { signal: context.signal });
  return { type: 'applied' };
};

export const pushDelete: PushHandler<'file.delete'> = async (op, context) => {
  const ws = op.workspaceId;
  const { file_id: fileId } = op.change;
  const settle = () => {
    const row = context.sync.files.row(ws, fileId);
    if (row) context.sync.files.setBase(row.rid, { verificationStatus: VerificationStatus.deleted, updatedMs: null });
  };
  const file = await serverFile(context, ws, fileId);
  if (!file) return { type: 'applied', already: true, settle };
  await context.client.files.delete({ workspace_id: ws, file_id: [fileId] }, { signal: context.signal });
  return { type: 'applied', settle };
};
