import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileFormatOf, type UploadOptions } from '../../../shared/api/index.js';
import type { HotFolderActivity } from '../../../shared/ipc/channels/hot-folder.js';
import type { LogSink } from '../log-sink.js';
import { HotFolderLedger, fileKey } from './hot-folder-ledger.js';

export const DONE_FOLDER = 'done';

/** The queue will not take this file as it is (format, size, duplicate...): reported once, left in place. */
export class RefusedFile extends Error {}

/** Where new files go: the upload queue. */
export interface HotFolderSink {
  /** Resolves with the queue's id for the file; rejects with RefusedFile for good, with anything else for now. */
  enqueue(file: { path: string; name: string; size: number }, options: UploadOptions): Promise<string>;
}

export interface HotFolderOptions {
  folder: string;
  stableForMs: number;
  moveToDone: boolean;
  upload: UploadOptions;
  ledgerPath: string;
  sink: HotFolderSink;
  log: LogSink;
  onActivity?: (activity: HotFolderActivity) => void;
  /** Polling, not change notifications: those do not arrive from network shares, where scanners often write. */
  pollMs?: number;
  now?: () => number;
}

interface Observation {
  size: number;
  mtimeMs: number;
  since: number;
}

// Partial files of browsers, scanners and office programs.
const TEMPORARY = /^(?:\.|~\$)|\.(?:tmp|part|partial|crdownload|download)$/i;

/**
 * A watched folder: a new file whose size and modification time stay unchanged for stableForMs is
 * handed to the upload queue once; once uploaded it is optionally moved into the "done" subfolder.
 */
export class HotFolder {
  readonly #options: HotFolderOptions;
  readonly #observed = new Map<string, Observation>();
  readonly #reported = new Set<string>();
  #ledger: HotFolderLedger | undefined;
  #timer: NodeJS.Timeout | undefined;
  #scanning: Promise<void> = Promise.resolve();
  #problem: string | undefined;

  constructor(options: HotFolderOptions) {
    this.#options = options;
  }

  get problem(): string | undefined {
    return this.#problem;
  }

  get watching(): boolean {
    return this.#timer !== undefined;
  }

  async start(): Promise<void> {
    this.#ledger = await HotFolderLedger.open(this.#options.ledgerPath, this.#options.folder);
    const tick = () => {
      this.#scanning = this.scan().finally(() => {
        if (this.#timer !== undefined) this.#timer = setTimeout(tick, this.pollMs());
      });
    };
    this.#timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#scanning;
  }

  /** The upload queue finished a file: move it out of the way, or remember it as done. */
  async uploaded(uploadId: string): Promise<void> {
    const entry = this.#ledger?.byUpload(uploadId);
    if (entry === undefined || this.#ledger === undefined) return;
    if (!this.#options.moveToDone) {
      await this.#ledger.put({ ...entry, state: 'uploaded' });
      return;
    }
    try {
      const target = await freeName(join(this.#options.folder, DONE_FOLDER), basename(entry.path));
      await rename(entry.path, target);
      await this.#ledger.delete(entry.key);
      this.activity(entry.path, 'moved', target);
    } catch (error) {
      await this.#ledger.put({ ...entry, state: 'uploaded' });
      this.activity(entry.path, 'failed', `uploaded, but could not be moved: ${(error as Error).message}`);
    }
  }

  /** One pass: observe sizes, enqueue the files that stayed unchanged long enough. */
  async scan(): Promise<void> {
    const names = await this.list();
    if (names === undefined) return;
    const now = this.now();
    const seen = new Set<string>();
    for (const name of names) {
      const path = join(this.#options.folder, name);
      seen.add(path);
      const info = await stat(path).catch(() => undefined);
      if (info === undefined || !info.isFile()) continue;
      const key = fileKey(name, info.size, info.mtimeMs);
      if (this.#ledger!.has(key) || this.#reported.has(key)) continue;
      if (fileFormatOf(name) === undefined) {
        this.#reported.add(key);
        this.activity(path, 'failed', `not a supported format (${extname(name) || 'no extension'}); left in place`);
        continue;
      }
      const before = this.#observed.get(path);
      if (before === undefined || before.size !== info.size || before.mtimeMs !== info.mtimeMs) {
        this.#observed.set(path, { size: info.size, mtimeMs: info.mtimeMs, since: now });
        continue;
      }
      if (now - before.since < this.#options.stableForMs) continue;
      this.#observed.delete(path);
      await this.enqueue(path, name, info.size, key);
    }
    for (const path of this.#observed.keys()) if (!seen.has(path)) this.#observed.delete(path);
  }

  private async enqueue(path: string, name: string, size: number, key: string): Promise<void> {
    try {
      const uploadId = await this.#options.sink.enqueue({ path, name, size }, this.#options.upload);
      await this.#ledger!.put({ key, path, uploadId, state: 'enqueued' });
      this.activity(path, 'enqueued');
    } catch (error) {
      // A refusal for good is reported once; anything else is tried again after stableForMs.
      if (error instanceof RefusedFile) this.#reported.add(key);
      this.activity(path, 'failed', (error as Error).message);
    }
  }

  private async list(): Promise<string[] | undefined> {
    try {
      const entries = await readdir(this.#options.folder, { withFileTypes: true });
      this.setProblem(undefined);
      return entries.filter((entry) => entry.isFile() && !TEMPORARY.test(entry.name)).map((entry) => entry.name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.setProblem(code === 'ENOENT' ? `the folder ${this.#options.folder} does not exist` : `the folder cannot be read: ${(error as Error).message}`);
      return undefined;
    }
  }

  private setProblem(problem: string | undefined): void {
    if (problem !== undefined && problem !== this.#problem) this.#options.log('warn', `hot folder: ${problem}`);
    this.#problem = problem;
  }

  private activity(path: string, event: HotFolderActivity['event'], message?: string): void {
    this.#options.log(event === 'failed' ? 'warn' : 'info', `hot folder: ${event} ${path}${message ? ` (${message})` : ''}`);
    this.#options.onActivity?.({ at: new Date(this.now()).toISOString(), path, event, ...(message === undefined ? {} : { message }) });
  }

  private pollMs(): number {
    return this.#options.pollMs ?? Math.min(1000, Math.max(100, Math.floor(this.#options.stableForMs / 2)));
  }

  private now(): number {
    return (this.#options.now ?? Date.now)();
  }
}

/** "scan.pdf", or "scan (2).pdf" when the done folder already has one. */
async function freeName(folder: string, name: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 1; ; n++) {
    const candidate = join(folder, n === 1 ? name : `${stem} (${n})${extension}`);
    const taken = await stat(candidate).then(
      () => true,
      () => false,
    );
    if (!taken) return candidate;
  }
}
