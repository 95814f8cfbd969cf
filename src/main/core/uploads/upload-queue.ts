import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { UploadOptions, type FileRecord } from '../../../shared/api/index.js';
import { UploadSentAs, type EnqueueArgs, type PreflightResult, type UploadView } from '../../../shared/ipc/channels/uploads.js';
import { DocketApiError, type DocketClient, type PlainError } from '../api/index.js';
import { backoffMs } from '../api/retry-policy.js';
import { CoreError, parseInput } from '../core-error.js';
import { journalSubject } from '../journal/journal-subject.js';
import { prepared } from '../store/cache-db.js';
import { readJson } from '../store/json-column.js';
import { classifyFailure } from '../sync/push-failure.js';
import type { SyncContext } from '../sync/sync-context.js';
import { drawnPdfFile, drawnPdfName } from './drawn-invoice-upload.js';
import { preflight } from './preflight.js';

type UploadState = UploadView['state'];

/** The IPC arguments of uploads.enqueue, and where the files come from. */
export type EnqueueUploads = z.input<typeof EnqueueArgs> & { source?: UploadView['source'] | undefined };

export interface UploadQueueOptions {
  concurrency: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  random: () => number;
  /** Progress events per upload at most this often. */
  progressIntervalMs: number;
  /** A cloud account, which reads no XML: an XML invoice is sent as its drawn PDF carrying the XML (drawn-invoice-upload.ts). */
  xmlAsDrawnPdf: boolean;
}

export const DEFAULT_UPLOAD_OPTIONS: UploadQueueOptions = { concurrency: 2, backoffBaseMs: 1_000, backoffCapMs: 60_000, random: Math.random, progressIntervalMs: 100, xmlAsDrawnPdf: false };

type UploadRow = Omit<UploadView, 'error'> & { options: string; error: string | null; next_attempt_ms: number; cleared: number };

const FINISHED: readonly UploadState[] = ['uploaded', 'failed', 'cancelled'];

/** "D" + UTC yyyyMMddHHmmss + 5 random characters: 20, the most a batch number the service generates has. */
export function generatedBatchNumber(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/\D/g, '').slice(0, 14);
  return `D${stamp}${randomBytes(4).readUInt32BE(0).toString(36).padStart(5, '0').slice(-5)}`;
}

/**
 * Uploads persisted in the cache: checked before they are queued, sent two at a time while
 * online, with progress. A batch number is fixed when a file is queued, so that an upload whose
 * answer was lost is found again by batch number and file name before it is ever sent twice.
 */
export class UploadQueue {
  private readonly active = new Map<string, AbortController>();
  private online = false;
  private running = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly context: SyncContext,
    private readonly client: DocketClient,
    private readonly options: UploadQueueOptions = DEFAULT_UPLOAD_OPTIONS,
  ) {}

  preflight(paths: readonly string[], workspaceId: string, pdfPasswords: Record<string, string> = {}): Promise<PreflightResult[]> {
    return Promise.all(paths.map((path) => preflight(this.context.db.local, path, workspaceId, pdfPasswords[path], { xmlAsDrawnPdf: this.options.xmlAsDrawnPdf })));
  }

  /** Checks every file, then queues those that pass in one transaction; the others are answered with their warnings. */
  async enqueue(input: EnqueueUploads): Promise<{ queued: UploadView[]; refused: PreflightResult[] }> {
    const options = parseInput(UploadOptions, input.options, 'upload options');
    const ws = options.workspace_id;
    const checked = await this.preflight(input.paths, ws, input.pdfPasswords);
    const batch = options.batch_number ?? generatedBatchNumber(this.context.clock.now());
    const seen = new Set<string>();
    const accepted: PreflightResult[] = [];
    const refused: PreflightResult[] = [];
    for (const file of checked) {
      const twin = file.sha256 !== null && seen.has(file.sha256);
      const duplicate = twin || file.warnings.some((w) => w.code === 'duplicate');
      if (file.blocked || (duplicate && !input.allowDuplicates)) {
        refused.push(twin ? { ...file, warnings: [...file.warnings, { code: 'duplicate', message: `${file.name} has the same content as another file of this upload` }] } : file);
      } else {
        accepted.push(file);
        seen.add(file.sha256!);
      }
    }
    const ids = this.context.db.local.transaction(() => accepted.map((file) => this.insert(file, options, batch, input))).immediate();
    const queued = ids.map((id) => this.view(id)!);
    for (const view of queued) this.context.events.emit('upload-changed', view);
    this.kick();
    return { queued, refused };
  }

  private insert(file: PreflightResult, options: z.output<typeof UploadOptions>, batch: string, input: EnqueueUploads): string {
    const id = randomUUID();
    const now = this.context.clock.now();
    const password = input.pdfPasswords?.[file.path];
    const stored = password === undefined ? options : { ...options, parser: { ...options.parser, pdf_pwd: password } };
    prepared(this.context.db.local, 
        `INSERT INTO uploads (upload_id, workspace_id, path, file_name, size, sha256, page_count, format, options, batch_number, source, sent_as, state, created_ms, updated_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
      )
      .run(id, options.workspace_id, file.path, file.name, file.size, file.sha256, file.pages, file.format, JSON.stringify(stored), batch, input.source ?? 'user', file.sent_as ?? null, now, now);
    this.context.journal.append({ kind: 'upload.queued', subject: journalSubject('upload', options.workspace_id, id), detail: { name: file.name, sha256: file.sha256, batch_number: batch, pages: file.pages, ...(file.sent_as ? { sent_as: file.sent_as } : {}) } });
    return id;
  }

  list(options: { includeCleared?: boolean } = {}): UploadView[] {
    const rows = prepared(this.context.db.local, `SELECT * FROM uploads ${options.includeCleared ? '' : 'WHERE cleared = 0'} ORDER BY created_ms, upload_id`).all() as UploadRow[];
    return rows.map(viewOf);
  }

  view(id: string): UploadView | undefined {
    const row = this.row(id);
    return row ? viewOf(row) : undefined;
  }

  /** Stops the uploads named; one being sent is aborted (it may still have reached the server). */
  cancel(ids: readonly string[]): void {
    for (const id of ids) {
      this.active.get(id)?.abort();
      this.transition(id, 'cancelled', {}, ['queued', 'uploading', 'reconciling', 'failed']);
    }
  }

  /** Failed or cancelled uploads go back in the queue; one that may have reached the server is looked up first. */
  retry(ids: readonly string[]): void {
    for (const id of ids) this.transition(id, 'reconciling', { attempts: 0, next_attempt_ms: 0, error: null }, ['failed', 'cancelled']);
    this.kick();
  }

  /** Finished uploads leave the list; their content still counts for duplicate checks. */
  clearFinished(): void {
    prepared(this.context.db.local, `UPDATE uploads SET cleared = 1 WHERE state IN (${FINISHED.map(() => '?').join(', ')})`).run(...FINISHED);
  }

  /** An upload interrupted by a crash may have reached the server: it is looked up before being sent again. */
  start(): void {
    this.running = true;
    prepared(this.context.db.local, "UPDATE uploads SET state = 'reconciling' WHERE state = 'uploading'").run();
    this.kick();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    for (const controller of this.active.values()) controller.abort();
    while (this.active.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  setOnline(online: boolean): void {
    this.online = online;
    if (online) this.kick();
  }

  /** Starts queued uploads up to the concurrency; wakes up again for the next retry time. */
  kick(): void {
    clearTimeout(this.timer);
    if (!this.running || !this.online) return;
    while (this.active.size < this.options.concurrency) {
      const next = this.nextReady();
      if (!next) break;
      void this.run(next).catch((error: unknown) => console.error('docket: the upload queue failed', error));
    }
    const wake = prepared(this.context.db.local, "SELECT min(next_attempt_ms) FROM uploads WHERE state IN ('queued', 'reconciling') AND cleared = 0")
      .pluck()
      .get() as number | null;
    if (wake !== null && this.active.size < this.options.concurrency) {
      this.timer = setTimeout(() => this.kick(), Math.max(10, wake - this.context.clock.now()));
      this.timer.unref();
    }
  }

  private nextReady(): UploadRow | undefined {
    const busy = [...this.active.keys()];
    return prepared(this.context.db.local, 
        `SELECT * FROM uploads WHERE state IN ('queued', 'reconciling') AND cleared = 0 AND next_attempt_ms <= ?
         AND upload_id NOT IN (SELECT value FROM json_each(?)) ORDER BY created_ms, upload_id LIMIT 1`,
      )
      .get(this.context.clock.now(), JSON.stringify(busy)) as UploadRow | undefined;
  }

  private async run(row: UploadRow): Promise<void> {
    const controller = new AbortController();
    this.active.set(row.upload_id, controller);
    try {
      if (row.state === 'reconciling') {
        const found = await this.findOnServer(row, controller.signal);
        if (found) return this.finish(row, found, true);
      }
      this.transition(row.upload_id, 'uploading', { attempts: row.attempts + 1, bytes_sent: 0 });
      const options = readJson<UploadOptions>(row.options, { workspace_id: row.workspace_id });
      let lastProgress = 0;
      const sent = await this.sentFile(row);
      const result = await this.client.files.upload(sent.path, { ...options, batch_number: row.batch_number }, {
        fileName: sent.fileName,
        signal: controller.signal,
        onProgress: (progress) => {
          const now = this.context.clock.now();
          if (now - lastProgress < this.options.progressIntervalMs && progress.sentBytes < progress.totalBytes) return;
          lastProgress = now;
          // A drawn PDF's bytes count as shares of the file the clerk queued, whose size the row shows.
          const shown = sentAsOf(row) === null ? progress : { sentBytes: Math.round((progress.sentBytes / Math.max(1, progress.totalBytes)) * row.size), totalBytes: row.size };
          this.context.events.emit('upload-progress', { uploadId: row.upload_id, ...shown });
        },
      }).finally(() => sent.remove());
      const file = result.files[0];
      if (!file) throw new CoreError('REJECTED', 'the server accepted the upload but named no file');
      this.finish(row, { id: file.id, task_id: file.task_id, name: file.name, format: file.format, batch_number: result.batch_number }, false);
    } catch (error) {
      this.failed(row, error, controller.signal.aborted);
    } finally {
      this.active.delete(row.upload_id);
      this.kick();
    }
  }

  /** What goes on the wire: the file as it is, or an XML invoice's drawn PDF (removed once sent). */
  private async sentFile(row: UploadRow): Promise<{ path: string; fileName: string; remove(): Promise<void> }> {
    if (sentAsOf(row) === null) return { path: row.path, fileName: row.file_name, remove: async () => {} };
    return drawnPdfFile(row.path, row.file_name);
  }

  /** The file this upload created, if an earlier attempt did: same batch, same name, not claimed by another upload. */
  private async findOnServer(row: UploadRow, signal: AbortSignal): Promise<UploadedFile | undefined> {
    const claimed = new Set(
      prepared(this.context.db.local, 'SELECT file_id FROM uploads WHERE workspace_id = ? AND batch_number = ? AND file_id IS NOT NULL').pluck().all(row.workspace_id, row.batch_number) as string[],
    );
    for (let page = 1; ; page++) {
      const list = await this.client.files.fetch({ workspace_id: row.workspace_id, batch_number: row.batch_number, page, page_size: 1000 }, { signal });
      const name = sentAsOf(row) === null ? row.file_name : drawnPdfName(row.file_name);
      const found = list.files.find((f) => f.name === name && !claimed.has(f.id));
      if (found) return { id: found.id, task_id: found.task_id, name: found.name, format: found.format, batch_number: found.batch_number, record: found };
      if (list.files.length < 1000 || page * 1000 >= list.total) return undefined;
    }
  }

  private finish(row: UploadRow, file: UploadedFile, reconciled: boolean): void {
    const now = this.context.clock.now();
    const record = file.record ?? placeholderRecord(row, file);
    this.context.files.upsertServerRecords(row.workspace_id, [record], now);
    this.context.db.local.transaction(() => {
      this.transition(row.upload_id, 'uploaded', { file_id: file.id, task_id: file.task_id, bytes_sent: row.size, error: null });
      // A PDF's password is kept only until the file is on the server.
      prepared(this.context.db.local, "UPDATE uploads SET options = json_remove(options, '$.parser.pdf_pwd') WHERE upload_id = ?").run(row.upload_id);
      const sentAs = sentAsOf(row);
      this.context.journal.append({ kind: 'upload.uploaded', subject: journalSubject('upload', row.workspace_id, row.upload_id), detail: { name: row.file_name, file_id: file.id, task_id: file.task_id, reconciled, ...(sentAs ? { sent_as: sentAs } : {}) } });
    }).immediate();
    this.context.events.emit('files-changed', { workspaceId: row.workspace_id, fileIds: [file.id], origin: 'server' });
  }

  private failed(row: UploadRow, error: unknown, aborted: boolean): void {
    const current = this.row(row.upload_id);
    if (current?.state === 'cancelled') return;
    const failure = classifyFailure(error);
    // Sent, maybe received: look it up before sending again.
    const sent = (failure.type === 'aborted' || failure.type === 'retry') && failure.sent;
    const plain = error instanceof DocketApiError || error instanceof CoreError ? error.toPlain() : { code: 'LOCAL_FAILURE', message: String(error), retryable: false };
    if (aborted || failure.type === 'aborted') {
      this.transition(row.upload_id, sent ? 'reconciling' : 'queued', {});
    } else if (failure.type === 'retry' || failure.type === 'defer' || failure.type === 'halt') {
      const attempts = row.attempts + 1;
      const wait = backoffMs(attempts, { maxAttempts: Infinity, baseMs: this.options.backoffBaseMs, capMs: this.options.backoffCapMs, random: this.options.random });
      this.transition(row.upload_id, sent ? 'reconciling' : 'queued', { attempts, next_attempt_ms: this.context.clock.now() + wait, error: plain });
    } else {
      this.transition(row.upload_id, 'failed', { error: plain });
    }
  }

  private row(id: string): UploadRow | undefined {
    return prepared(this.context.db.local, 'SELECT * FROM uploads WHERE upload_id = ?').get(id) as UploadRow | undefined;
  }

  /** Committed at once (synchronous=FULL), and told to listeners. */
  private transition(id: string, state: UploadState, patch: Partial<Pick<UploadRow, 'attempts' | 'next_attempt_ms' | 'bytes_sent' | 'file_id' | 'task_id'>> & { error?: PlainError | null }, from?: readonly UploadState[]): void {
    const { error, ...rest } = patch;
    const columns: Record<string, unknown> = { ...rest, ...(error === undefined ? {} : { error: error === null ? null : JSON.stringify(error) }), state, updated_ms: this.context.clock.now() };
    const where = from ? ` AND state IN (${from.map(() => '?').join(', ')})` : '';
    const changed = prepared(this.context.db.local, `UPDATE uploads SET ${Object.keys(columns).map((c) => `${c} = ?`).join(', ')} WHERE upload_id = ?${where}`)
      .run(...Object.values(columns), id, ...(from ?? [])).changes;
    const view = this.view(id);
    if (changed > 0 && view) this.context.events.emit('upload-changed', view);
  }
}

interface UploadedFile {
  id: string;
  task_id: string;
  name: string;
  format: string;
  batch_number: string;
  record?: FileRecord;
}

/** What the cache shows of a fresh upload until the next poll brings the real record. */
function placeholderRecord(row: UploadRow, file: UploadedFile): FileRecord {
  const options = readJson<UploadOptions>(row.options, { workspace_id: row.workspace_id });
  return {
    id: file.id,
    task_id: file.task_id,
    task_type: options.split_flag || options.crop_flag ? 2 : 1,
    batch_number: file.batch_number,
    name: file.name,
    format: file.format,
    recognition_status: 0,
    verification_status: 0,
    category: options.category ?? '',
    pages: [],
    child_files: [],
  };
}

function viewOf(row: UploadRow): UploadView {
  const { options: _options, error, next_attempt_ms: _next, cleared: _cleared, ...rest } = row;
  return { ...rest, sent_as: sentAsOf(row), error: readJson<PlainError | null>(error, null) };
}

/** The row's sent_as column, checked: a value this version does not know fails the upload rather than sending the file as it is. */
function sentAsOf(row: UploadRow): UploadSentAs | null {
  return UploadSentAs.nullable().parse(row.sent_as);
}
