import { recomputable, type EngineDb } from '../store/database.js';

export type JobKind = 'process_file' | 'review_task';

export interface Job {
  id: number;
  kind: JobKind;
  subject: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface JobRunner {
  run(job: Job): Promise<void>;
  /** Called when a job keeps failing (or kept crashing the engine): record the failure on its subject. */
  giveUp(job: Job, reason: string): void;
}

interface JobRow {
  id: number;
  kind: JobKind;
  subject: string;
  payload: string;
  attempts: number;
}

const MAX_ATTEMPTS = 3;

/**
 * A persistent queue in the engine's SQLite store. A job is claimed by marking it running; a job still
 * running when the engine stopped is queued again at start, so nothing in flight is lost.
 */
export class JobQueue {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly idleWaiters: (() => void)[] = [];
  private readonly runners = new Map<JobKind, JobRunner>();
  private running = false;

  constructor(
    private readonly db: EngineDb,
    private readonly concurrency = 2,
  ) {}

  /** Runners are registered after construction because they enqueue follow-up jobs themselves. */
  register(kind: JobKind, runner: JobRunner): void {
    this.runners.set(kind, runner);
  }

  /** Synchronous so that callers can enqueue inside the transaction that creates the job's subject. */
  enqueue(kind: JobKind, subject: string, payload: Record<string, unknown> = {}): void {
    const now = Date.now();
    this.db
      .prepare('INSERT INTO jobs (kind, subject, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(kind, subject, JSON.stringify(payload), now, now);
    queueMicrotask(() => this.pump());
  }

  start(): void {
    this.db.prepare("UPDATE jobs SET state = 'queued' WHERE state = 'running'").run();
    this.running = true;
    this.pump();
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.allSettled([...this.inFlight]);
  }

  pendingCount(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
  }

  /** Resolves once no job is queued or running (tests, upload/sync). */
  whenIdle(): Promise<void> {
    if (this.pendingCount() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running && this.inFlight.size < this.concurrency) {
      const job = this.claim();
      if (!job) break;
      const work = this.execute(job).finally(() => {
        this.inFlight.delete(work);
        this.pump();
        if (this.inFlight.size === 0 && this.pendingCount() === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
      this.inFlight.add(work);
    }
  }

  private claim(): Job | undefined {
    const row = recomputable(this.db, () =>
      this.db
        .prepare(
          `UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = ?
           WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY id LIMIT 1) RETURNING *`,
        )
        .get(Date.now()),
    ) as JobRow | undefined;
    return row && { ...row, payload: JSON.parse(row.payload) as Record<string, unknown> };
  }

  private async execute(job: Job): Promise<void> {
    const runner = this.runners.get(job.kind);
    if (!runner) throw new Error(`no runner registered for ${job.kind} jobs`);
    if (job.attempts > MAX_ATTEMPTS) {
      runner.giveUp(job, `processing stopped after ${MAX_ATTEMPTS} attempts`);
      this.finish(job);
      return;
    }
    try {
      await runner.run(job);
      this.finish(job);
    } catch (error) {
      if (!this.running) return; // stopping: the job is queued again at the next start
      runner.giveUp(job, error instanceof Error ? error.message : String(error));
      this.finish(job);
    }
  }

  /**
   * Like the claim, not waited for: a power cut that loses it loses the job's results too (the WAL keeps
   * commits in order), and the job runs again. Any later durable commit, such as a client's edit, carries both.
   */
  private finish(job: Job): void {
    recomputable(this.db, () => this.db.prepare('DELETE FROM jobs WHERE id = ?').run(job.id));
  }
}
