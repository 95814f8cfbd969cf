import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { z } from 'zod';
import type { PageImageTask } from '../image/page-image.js';
import type { OfdReadResult, OfdReadTask } from '../ofd/read-ofd-pages.js';
import { ProcessingFailure } from '../../document/parsed-document.js';
import { collectV8Garbage, trimHeap, type HeapTrim } from './heap-trim.js';
import type { PageResult, PageTask, TextLayerResult, TextLayerTask, WorkerOutcome } from './page-task.js';

/** Reads pages in worker threads, so that the engine's HTTP API stays responsive while files are parsed. */
export interface PageReader {
  /** How many pages it reads at once: a file keeps at most this many in flight, so files share the workers. */
  readonly capacity: number;
  /** Recognises a page from its pixels (OCR, stamps, regions). */
  read(task: PageTask): Promise<PageResult>;
  /** Checks a PDF's pages and reads their text layer. */
  readTextLayer(task: TextLayerTask): Promise<TextLayerResult>;
  /** Unpacks an OFD and reads its pages' text, seals and invoice data. */
  readOfd(task: OfdReadTask): Promise<OfdReadResult>;
}

/** Draws a page's picture (PNG or JPEG) in the page workers, so that the engine's HTTP thread never decodes or encodes one. */
export interface PageRenderer {
  render(task: PageImageTask): Promise<Uint8Array>;
}

/** The engine is stopping: the page was not read, and the job is to be picked up again at the next start. */
export class ReaderClosed extends Error {}

export type OcrPoolOptions = {
  /** Worker threads; one per core by default. */
  threads?: number;
  /** onnxruntime threads inside each worker. */
  intraOpThreads?: number;
  /** An idle worker exits after this long, giving back its models' memory. */
  idleTimeoutMs?: number;
  /** The worker module; the engine's own (beside this file, or the bundle's) by default. */
  worker?: URL;
  /** Told what giving memory back did, each time the last worker has stopped (tests, benchmarks): V8's heap collected, then glibc's trimmed. */
  onHeapTrim?: (trim: HeapTrim, v8Collected: boolean) => void;
};

/** How long an idle page worker lives: a minute, or what DOCKET_ENGINE_WORKER_IDLE_SECONDS says (development runs of bench/engine-soak-bench.ts). */
const IdleSeconds = z.coerce.number().int().positive().default(60);
const idleTimeoutMs = () => IdleSeconds.parse(process.env['DOCKET_ENGINE_WORKER_IDLE_SECONDS']) * 1000;

// Run from TypeScript (tsx: development, tests), the worker thread needs its own TypeScript loader.
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './ocr-worker-tsx.mjs' : './ocr-worker.js', import.meta.url);

type WorkerTask = PageTask | TextLayerTask | OfdReadTask | PageImageTask;
type WorkerResult = PageResult | TextLayerResult | OfdReadResult | Uint8Array;

export class OcrPool implements PageReader, PageRenderer {
  readonly capacity: number;
  private readonly pool: Piscina<WorkerTask, WorkerOutcome<WorkerResult>>;
  private closed = false;
  /** Runs in flight, each abortable: a worker that cannot start leaves its task waiting forever otherwise. */
  private readonly inFlight = new Set<AbortController>();
  /** Worker threads started and not yet exited (piscina counts a worker as gone when asked to stop, before its thread ends). */
  private readonly alive = new Set<Worker>();

  constructor(options: OcrPoolOptions = {}) {
    this.capacity = options.threads ?? Math.max(1, Math.min(2, availableParallelism()));
    this.pool = new Piscina({
      filename: (options.worker ?? WORKER).href,
      minThreads: 0,
      maxThreads: this.capacity,
      idleTimeout: options.idleTimeoutMs ?? idleTimeoutMs(),
      workerData: { intraOpThreads: options.intraOpThreads ?? 1 },
      // Not the parent's flags: a worker run from source registers its own loader (ocr-worker-tsx.mjs).
      execArgv: [],
    });
    // A worker that fails to start (a damaged installation) only makes the pool emit this: fail the runs waiting on it.
    this.pool.on('error', (error: Error) => {
      for (const run of this.inFlight) run.abort(new Error(`the engine's page workers could not start (${error.message})`));
    });
    this.pool.on('workerCreate', () => this.watchWorkers(options.onHeapTrim));
  }

  /** Worker threads alive now (started, not yet exited). */
  get workersAlive(): number {
    return this.alive.size;
  }

  /**
   * When the last worker's thread has ended (the idle stop), gives back the memory the workers freed
   * and glibc kept in their heaps (issue 24), after what the main thread's V8 heap keeps committed
   * beyond its objects (issue 31; the collection frees buffers to glibc first). Never while a worker
   * runs: trimming walks every heap, and a collection would stop the thread that feeds the workers.
   */
  private watchWorkers(onHeapTrim: OcrPoolOptions['onHeapTrim']): void {
    for (const worker of this.pool.threads) {
      if (this.alive.has(worker)) continue;
      this.alive.add(worker);
      worker.once('exit', () => {
        this.alive.delete(worker);
        if (this.alive.size === 0 && !this.closed) void this.giveMemoryBack(onHeapTrim);
      });
    }
  }

  private async giveMemoryBack(onHeapTrim: OcrPoolOptions['onHeapTrim']): Promise<void> {
    const collected = await collectV8Garbage();
    // A worker may have started, or the engine begun to stop, while V8 collected.
    if (this.alive.size > 0 || this.closed) return;
    // Trimmed whether or not anyone listens: an optional call would skip its arguments.
    const trim = trimHeap();
    onHeapTrim?.(trim, collected);
  }

  read(task: PageTask): Promise<PageResult> {
    return this.run(task, 'recognize');
  }

  readTextLayer(task: TextLayerTask): Promise<TextLayerResult> {
    return this.run(task, 'readTextLayer');
  }

  readOfd(task: OfdReadTask): Promise<OfdReadResult> {
    return this.run(task, 'readOfd');
  }

  render(task: PageImageTask): Promise<Uint8Array> {
    return this.run(task, 'renderPage');
  }

  /** Runs one of the worker's tasks (ocr-worker.ts exports them by these names). */
  private async run<T extends WorkerResult>(task: WorkerTask, name: 'recognize' | 'readTextLayer' | 'readOfd' | 'renderPage'): Promise<T> {
    if (this.closed) throw new ReaderClosed('the page workers are closed');
    let outcome: WorkerOutcome<T>;
    const run = new AbortController();
    this.inFlight.add(run);
    try {
      outcome = (await this.pool.run(task, { name, signal: run.signal })) as WorkerOutcome<T>;
    } catch (error) {
      if (this.closed) throw new ReaderClosed('the page workers were closed while a page was read');
      throw run.signal.aborted ? run.signal.reason : error;
    } finally {
      this.inFlight.delete(run);
    }
    if (!outcome.ok) throw new ProcessingFailure(outcome.failure);
    return outcome.value;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }
}
