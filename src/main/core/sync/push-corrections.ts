import type { FileData, FileRecord, FileUpdateBody } from '../../../shared/api/index.js';
import { groupBy } from '../group-by.js';
import { readJson } from '../store/json-column.js';
import type { ChangeOf } from './change-kinds.js';
import { editableHash, editableOf, sameEditable, withEditable } from './editable-data.js';
import type { OutboxOp } from './outbox.js';
import { classifyFailure, type PushFailure } from './push-failure.js';
import { fetchServerFile, liveFile, sameVersionAsBase } from './push-files.js';
import type { PushContext, PushOutcome } from './push-types.js';

export type CorrectionOp = OutboxOp & { change: ChangeOf<'file.correct'> };

/** What came of one correction of a batch: an answer to record, or a failure to retry or give up on. */
export type CorrectionResult = { op: CorrectionOp; outcome: PushOutcome } | { op: CorrectionOp; failure: PushFailure };

type BatchContext = Pick<PushContext, 'client' | 'sync' | 'signal'>;

/** A correction checked against the server's record and due to be sent, with what its success settles. */
interface CorrectionSend {
  op: CorrectionOp;
  entry: FileUpdateBody[number];
  hash: string;
  applied: PushOutcome;
}

// The server answered but did not list the file among those it updated: it may or may not hold the value.
const UNCONFIRMED: PushFailure = {
  type: 'retry',
  error: { code: 'UNCONFIRMED', message: 'The server did not list this file among those it updated.', retryable: true },
  sent: true,
  connection: false,
  retryAfterMs: undefined,
};

export function isCorrection(op: OutboxOp): op is CorrectionOp {
  return op.change.kind === 'file.correct';
}

/**
 * Corrections of distinct files, pushed together: each file is read from the server (the conflict
 * check, and what makes a lost answer harmless), the hashes of the values about to be sent are
 * committed in one transaction, and the values go in one /file/update request. A correction not
 * reached because a read before it failed gets no result: it waits for the next round as it was.
 */
export async function pushCorrections(ops: readonly CorrectionOp[], listed: ReadonlyMap<string, FileRecord>, context: BatchContext): Promise<CorrectionResult[]> {
  const { fetched, results } = await readServerFiles(ops, listed, context);
  keepServerRecords(fetched, context);
  // From the checks to the request nothing awaits: the local values and the corrections they cover match.
  const sends: CorrectionSend[] = [];
  for (const { op, file } of fetched) {
    const checked = checkCorrection(op, file, context);
    if ('entry' in checked) sends.push(checked);
    else results.push({ op, outcome: checked });
  }
  if (sends.length === 0) return results;
  // Committed before the request: a value found on the server after a crash or a lost answer is this desk's own push.
  context.sync.db.local.transaction(() => sends.forEach((send) => context.sync.outbox.addSent(send.op.opId, send.hash))).immediate();
  return [...results, ...(await sendCorrections(sends, context))];
}

/** The server's record of each file: from the round's listing, else read on its own. */
async function readServerFiles(ops: readonly CorrectionOp[], listed: ReadonlyMap<string, FileRecord>, context: BatchContext) {
  const fetched: { op: CorrectionOp; file: FileRecord | undefined }[] = [];
  for (const op of ops) {
    try {
      fetched.push({ op, file: listed.get(op.change.file_id) ?? (await fetchServerFile(context, op.workspaceId, op.change.file_id)) });
    } catch (error) {
      return { fetched, results: [{ op, failure: classifyFailure(error) }] as CorrectionResult[] };
    }
  }
  return { fetched, results: [] as CorrectionResult[] };
}

/** The records read are kept in the cache as a pull would, one transaction per workspace. */
function keepServerRecords(fetched: readonly { op: OutboxOp; file: FileRecord | undefined }[], context: BatchContext): void {
  const live = fetched.filter((read): read is { op: OutboxOp; file: FileRecord } => read.file !== undefined);
  for (const [workspaceId, reads] of groupBy(live, (read) => read.op.workspaceId)) {
    context.sync.files.upsertServerRecords(workspaceId, reads.map((read) => read.file), context.sync.clock.now());
  }
}

/**
 * A correction sends the file's complete field set as the cache holds it now, so it also carries
 * every later correction already queued behind it. Sent only when the server still holds the
 * base the edits were made on; when it already holds the local values, nothing is sent.
 */
function checkCorrection(op: CorrectionOp, server: FileRecord | undefined, context: BatchContext): PushOutcome | CorrectionSend {
  const ws = op.workspaceId;
  const { file_id: fileId } = op.change;
  const localOf = () => editableOf(readJson<FileData | null>(context.sync.files.row(ws, fileId)?.data, null));
  const live = liveFile(op, fileId, server, context, localOf);
  if ('type' in live) return live;
  const { file, row } = live;
  const local = editableOf(readJson<FileData | null>(row.data, null));
  const alsoSettles = coveredCorrections(op, context);
  const serverEditable = editableOf(file.data);
  const settle = () => context.sync.files.setBase(row.rid, { data: withEditable(file.data ?? null, local), updatedMs: null });
  if (sameEditable(serverEditable, local)) return { type: 'applied', already: true, alsoSettles, settle };
  const base = editableOf(readJson<FileData | null>(row.base_data, null));
  // The server may hold a value this desk sent before without hearing back: its own push, not a change by someone else.
  const ownPush = op.sent.includes(editableHash(serverEditable));
  if (!sameVersionAsBase(row, file) && !sameEditable(serverEditable, base) && !ownPush) {
    return { type: 'conflict', conflict: { fileId, aspect: 'data', base, server: serverEditable, local } };
  }
  const applied: PushOutcome = { type: 'applied', alsoSettles, settle, detail: { fields: local.fields.length, rows: local.items.length } };
  return { op, entry: { workspace_id: ws, file_id: fileId, data: local }, hash: editableHash(local), applied };
}

/** The corrections right behind this one in its queue: the field set sent now includes their edits. */
function coveredCorrections(op: OutboxOp, context: BatchContext): string[] {
  const covered: string[] = [];
  for (const next of context.sync.outbox.queue(op.queueKey)) {
    if (next.opId === op.opId) continue;
    if (next.kind !== 'file.correct' || next.state === 'conflict') break;
    covered.push(next.opId);
  }
  return covered;
}

/**
 * One request for all, each entry's result read from the answer's file list. A batch the server
 * refuses as a whole is sent again entry by entry, so that one bad entry holds back only itself.
 */
async function sendCorrections(sends: readonly CorrectionSend[], context: BatchContext): Promise<CorrectionResult[]> {
  let updated: Set<string>;
  try {
    const { files } = await context.client.files.update(sends.map((send) => send.entry), { signal: context.signal });
    updated = new Set(files.map((file) => file.id));
  } catch (error) {
    const failure = classifyFailure(error);
    if (sends.length === 1 || (failure.type !== 'permanent' && failure.type !== 'defer')) return sends.map((send) => ({ op: send.op, failure }));
    const results: CorrectionResult[] = [];
    for (const send of sends) results.push(...(await sendCorrections([send], context)));
    return results;
  }
  return sends.map((send) => (updated.has(send.op.change.file_id) ? { op: send.op, outcome: send.applied } : { op: send.op, failure: UNCONFIRMED }));
}
