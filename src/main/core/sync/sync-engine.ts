import type { SyncMode, SyncState } from '../../../shared/ipc/channels/sync.js';
import { ConnectionError, DocketApiError, TimeoutError, type DocketClient, type PlainError } from '../api/index.js';
import { Meta } from '../store/meta.js';
import { CatalogPuller } from './catalog-puller.js';
import { DEFAULT_PULL_OPTIONS, Puller, type PullOptions } from './puller.js';
import { DEFAULT_PUSHER_OPTIONS, Pusher, type PusherOptions } from './pusher.js';
import type { SyncContext } from './sync-context.js';

export interface SyncEngineOptions {
  /** Between pulls while nothing is being processed. */
  pullIntervalMs: number;
  /** Between cycles while files are being processed on the server, or changes wait for a retry soon. */
  fastIntervalMs: number;
  /** Between health checks while offline. */
  offlineIntervalMs: number;
  /** Between refreshes of workspaces, categories and rule repositories. */
  catalogIntervalMs: number;
  healthTimeoutMs: number;
  /** After a local change, a cycle starts this soon (changes made together go together). */
  kickDelayMs: number;
  /** Workspaces whose files are cached; all the server lists when absent. */
  workspaceIds?: readonly string[] | undefined;
  pull: PullOptions;
  push: PusherOptions;
}

export const DEFAULT_SYNC_OPTIONS: SyncEngineOptions = {
  pullIntervalMs: 15_000,
  fastIntervalMs: 1_000,
  offlineIntervalMs: 5_000,
  catalogIntervalMs: 60_000,
  healthTimeoutMs: 5_000,
  kickDelayMs: 50,
  pull: DEFAULT_PULL_OPTIONS,
  push: DEFAULT_PUSHER_OPTIONS,
};

const PAUSED_KEY = 'sync.paused';

/**
 * Keeps the cache and the server in step: push the outbox, then pull. Single-flight: one cycle at
 * a time, a request during a cycle runs one more after it. The mode is explicit: the clerk pauses
 * and resumes; a health check (/workspace/list) turns online into offline and back.
 */
export class SyncEngine {
  private readonly pusher: Pusher;
  private readonly puller: Puller;
  private readonly catalogPuller: CatalogPuller;
  private readonly meta: Meta;
  private mode: SyncMode;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private abort = new AbortController();
  private lastSyncMs: number | null = null;
  private lastCatalogMs = Number.NEGATIVE_INFINITY;
  /** Set by refreshCatalog, cleared by the pull that reads it: a refresh asked during a pull is read by the next one. */
  private catalogStale = false;
  private lastError: PlainError | null = null;
  private started = false;

  constructor(
    private readonly context: SyncContext,
    private readonly client: DocketClient,
    private readonly options: SyncEngineOptions = DEFAULT_SYNC_OPTIONS,
  ) {
    this.pusher = new Pusher(context, client, options.push);
    this.puller = new Puller(context, client, options.pull);
    this.catalogPuller = new CatalogPuller(context, client);
    this.meta = new Meta(context.db.local);
    this.mode = this.meta.get<boolean>(PAUSED_KEY) ? 'paused' : 'offline';
  }

  /** Creations a crash left in flight are marked unknown (looked up before any resend); the first cycle starts. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.context.db.local.transaction(() => this.context.outbox.recoverInflight()).immediate();
    this.schedule(0);
  }

  /** Stops the timers and waits for a running cycle; requests in flight are aborted. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  state(): SyncState {
    return {
      mode: this.mode,
      syncing: this.running !== undefined,
      lastSyncMs: this.lastSyncMs,
      lastError: this.lastError,
      outbox: this.context.outbox.counts(),
      inProgressFiles: this.context.files.countInProgress(),
    };
  }

  /** 'paused' stops syncing (kept across restarts) and aborts what is in flight; 'online' resumes and checks the server at once. */
  async setMode(mode: 'paused' | 'online'): Promise<SyncState> {
    this.meta.set(PAUSED_KEY, mode === 'paused');
    if (mode === 'paused') {
      this.setModeTo('paused');
      clearTimeout(this.timer);
      this.abort.abort();
      await this.running?.catch(() => undefined);
    } else if (this.mode === 'paused') {
      this.setModeTo('offline');
      await this.syncNow();
    }
    return this.state();
  }

  /** One cycle now that reads the catalog (workspaces, categories, rule repositories) again, whatever its interval says: after a change made online. */
  refreshCatalog(): Promise<void> {
    this.catalogStale = true;
    return this.syncNow();
  }

  /** One cycle now; joins the running one and runs one more after it, so that what was just changed goes too. */
  syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
      this.emitState();
      if (this.started) this.schedule(this.nextDelay());
    });
    this.emitState();
    return this.running;
  }

  /** A local change committed: sync soon. */
  kick(): void {
    if (this.mode === 'paused' || !this.started) return;
    if (this.running) this.again = true;
    else this.schedule(this.options.kickDelayMs);
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      if (this.abort.signal.aborted) this.abort = new AbortController();
      await this.cycle(this.abort.signal);
    } while (this.again && this.mode === 'online');
  }

  private async cycle(signal: AbortSignal): Promise<void> {
    if (this.mode === 'paused') return;
    if (this.mode === 'offline' && !(await this.healthCheck())) return;
    try {
      const drained = await this.pusher.drain(signal);
      if (drained.stoppedBy) {
        this.lastError = drained.stoppedBy;
        await this.healthCheck();
        return;
      }
      await this.pull(signal);
      this.lastSyncMs = this.context.clock.now();
      this.lastError = null;
    } catch (error) {
      // Paused or stopped mid-cycle: what was in flight is already back in the outbox.
      if (signal.aborted) return;
      if (!(error instanceof DocketApiError)) throw error;
      this.lastError = error.toPlain();
      if (error instanceof ConnectionError || error instanceof TimeoutError) await this.healthCheck();
    }
  }

  private async pull(signal: AbortSignal): Promise<void> {
    const now = this.context.clock.now();
    let workspaceIds = this.options.workspaceIds ?? this.context.catalog.workspaces().map((w) => w.workspace_id);
    const catalogDue = this.catalogStale || now - this.lastCatalogMs >= this.options.catalogIntervalMs || workspaceIds.length === 0;
    if (catalogDue) {
      this.catalogStale = false;
      const listed = await this.catalogPuller.workspaces(signal);
      workspaceIds = this.options.workspaceIds ?? listed.map((w) => w.workspace_id);
    }
    for (const workspaceId of workspaceIds) {
      if (catalogDue) {
        await this.catalogPuller.categories(workspaceId, signal);
        await this.catalogPuller.ruleRepos(workspaceId, signal);
      }
      await this.catalogPuller.reviewResults(workspaceId, signal);
      await this.puller.pullFiles(workspaceId, signal);
      await this.puller.pollInProgress(workspaceId, signal);
    }
    if (catalogDue) this.lastCatalogMs = now;
  }

  /** Online when the server answers a cheap listing; anything else is offline, with the reason kept. */
  private async healthCheck(): Promise<boolean> {
    try {
      await this.client.workspaces.list({ page: 1, page_size: 1 }, { timeoutMs: this.options.healthTimeoutMs, signal: this.abort.signal });
      if (this.mode !== 'paused') this.setModeTo('online');
      return this.mode === 'online';
    } catch (error) {
      if (!(error instanceof DocketApiError)) throw error;
      if (!this.abort.signal.aborted) this.lastError = error.toPlain();
      if (this.mode !== 'paused') this.setModeTo('offline');
      return false;
    }
  }

  private nextDelay(): number {
    if (this.mode === 'paused') return Number.POSITIVE_INFINITY;
    if (this.mode === 'offline') return this.options.offlineIntervalMs;
    const busy = this.context.files.countInProgress() > 0;
    const retryAt = this.context.outbox.nextAttemptMs();
    const untilRetry = retryAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, retryAt - this.context.clock.now());
    return Math.min(busy ? this.options.fastIntervalMs : this.options.pullIntervalMs, Math.max(untilRetry, 10));
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (!Number.isFinite(delayMs)) return;
    this.timer = setTimeout(() => void this.syncNow().catch((error: unknown) => this.fail(error)), delayMs);
    this.timer.unref();
  }

  private fail(error: unknown): void {
    this.lastError = { code: 'SYNC_FAILED', message: error instanceof Error ? error.message : String(error), retryable: true };
    this.emitState();
  }

  private setModeTo(mode: SyncMode): void {
    if (this.mode === mode) return;
    this.mode = mode;
    this.emitState();
  }

  private emitState(): void {
    this.context.events.emit('sync-state', this.state());
  }
}
