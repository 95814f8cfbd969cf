import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadView } from '../../shared/ipc/channels/uploads.js';
import { IpcFailure } from '../../shared/ipc/ipc-failure.js';
import { DocketCore } from '../core/docket-core.js';
import type { LogSink } from '../core/log-sink.js';
import type { ProfileService } from '../core/profiles/index.js';
import type { ClientFactory } from './client-factory.js';
import type { EventHub } from './event-hub.js';

export const CORE_UNAVAILABLE = 'CORE_UNAVAILABLE';

export interface CoreSessionOptions {
  /** One cache file per profile in here. */
  cacheDir: string;
  profiles: ProfileService;
  clients: ClientFactory;
  events: EventHub;
  log: LogSink;
}

/**
 * The data core of the active profile: its cache, outbox, sync engine, upload queue and journal.
 * Opened for one profile and server at a time; switching profiles, changing the active one's
 * credentials or the engine moving to another port opens it again.
 */
export class CoreSession {
  readonly #options: CoreSessionOptions;
  #core: DocketCore | undefined;
  #origin: string | undefined;
  #problem = 'the data core is starting';
  #unsubscribe: (() => void)[] = [];
  #switching: Promise<void> = Promise.resolve();
  readonly #uploadListeners = new Set<(view: UploadView) => void>();

  constructor(options: CoreSessionOptions) {
    this.#options = options;
  }

  /** The open core, or a retryable plain error saying why there is none. */
  current(): DocketCore {
    if (this.#core === undefined) throw new IpcFailure({ code: CORE_UNAVAILABLE, message: this.#problem, retryable: true });
    return this.#core;
  }

  /** Every upload that changed, whichever profile's core is open (the hot folder moves what it fed once uploaded). */
  onUploadChanged(listener: (view: UploadView) => void): void {
    this.#uploadListeners.add(listener);
  }

  /** The origin the open core talks to. */
  get origin(): string | undefined {
    return this.#origin;
  }

  /** Closes what is open and opens the active profile's core; calls are serialized. */
  reopen(): Promise<void> {
    this.#switching = this.#switching.then(async () => {
      await this.closeCurrent('the data core is switching profiles');
      await this.openActive();
    });
    return this.#switching;
  }

  /** Resolves when the last open or close asked for is done. */
  whenSettled(): Promise<void> {
    return this.#switching;
  }

  close(): Promise<void> {
    this.#switching = this.#switching.then(() => this.closeCurrent('the app is stopping'));
    return this.#switching;
  }

  private async openActive(): Promise<void> {
    const { profiles, clients, events, log } = this.#options;
    const profile = profiles.active();
    try {
      // The outbox retries by itself, after asking the server what it holds: the client must not resend blind.
      const client = await clients.forProfile(profile.id, { retry: { maxAttempts: 1 } });
      await mkdir(this.#options.cacheDir, { recursive: true, mode: 0o700 });
      // The cloud reads no XML: an XML invoice goes to it as its drawn PDF carrying the XML.
      const core = new DocketCore({ cacheFile: join(this.#options.cacheDir, `${profile.id}.sqlite`), client, uploads: { xmlAsDrawnPdf: profile.server.kind === 'cloud' } });
      this.#unsubscribe = [
        core.events.on('sync-state', (state) => events.emit('sync.status', state)),
        core.events.on('outbox-changed', (counts) => events.emit('outbox.changed', counts)),
        core.events.on('files-changed', (change) => events.emit('files.changed', change)),
        core.events.on('catalog-changed', (change) => events.emit('catalog.changed', change)),
        core.events.on('page-images-changed', (change) => events.emit('pageImages.changed', change)),
        core.events.on('upload-progress', (progress) => events.emit('uploads.progress', progress)),
        core.events.on('upload-changed', (view) => {
          events.emit('uploads.changed', view);
          for (const listener of this.#uploadListeners) listener(view);
        }),
      ];
      core.start();
      this.#core = core;
      this.#origin = clients.activeOrigin();
      log('info', `data core open for profile "${profile.name}"`);
    } catch (error) {
      this.#problem = `no data for profile "${profile.name}": ${(error as Error).message}`;
      log('warn', this.#problem);
    }
  }

  private async closeCurrent(reason: string): Promise<void> {
    const core = this.#core;
    this.#core = undefined;
    this.#origin = undefined;
    this.#problem = reason;
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
    await core?.close();
  }
}
