import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ProcessingFailure } from '../parsed-document.js';
import type { PageOutcome, PageResult, PageTask } from './page-task.js';

/** Reads pages in worker threads, so that the engine's HTTP API stays responsive while pages are recognised. */
export interface PageReader {
  /** How many pages it reads at once: a file keeps at most this many in flight, so files share the workers. */
  readonly capacity: number;
  read(task: PageTask): Promise<PageResult>;
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
};

// Run from TypeScript (tsx: development, tests), the worker thread needs its own TypeScript loader.
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './ocr-worker-tsx.mjs' : './ocr-worker.js', import.meta.url);

export class OcrPool implements PageReader {
  readonly capacity: number;
  private readonly pool: Piscina<PageTask, PageOutcome>;
  private closed = false;

  constructor(options: OcrPoolOptions = {}) {
    this.capacity = options.threads ?? Math.max(1, Math.min(2, availableParallelism()));
    this.pool = new Piscina({
      filename: WORKER.href,
      minThreads: 0,
      maxThreads: this.capacity,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      workerData: { intraOpThreads: options.intraOpThreads ?? 1 },
    });
    // A worker that fails to start rejects the task it was given; the pool itself must not throw.
    this.pool.on('error', () => undefined);
  }

  async read(task: PageTask): Promise<PageResult> {
    if (this.closed) throw new ReaderClosed('the OCR pool is closed');
    let outcome: PageOutcome;
    try {
      outcome = await this.pool.run(task, { name: 'recognize' });
    } catch (error) {
      if (this.closed) throw new ReaderClosed('the OCR pool was closed while a page was read');
      throw error;
    }
    if (!outcome.ok) throw new ProcessingFailure(outcome.failure);
    return outcome.page;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool.destroy();
  }
}
