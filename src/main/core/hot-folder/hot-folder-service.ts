import type { HotFolderActivity, HotFolderSettings, HotFolderState } from '../../../shared/ipc/channels/hot-folder.js';
import type { LogSink } from '../log-sink.js';
import type { SettingsStore } from '../profiles/index.js';
import { HotFolder, type HotFolderSink } from './hot-folder.js';

const RECENT = 50;

export interface HotFolderServiceOptions {
  settings: SettingsStore;
  sink: HotFolderSink;
  ledgerPath: string;
  log: LogSink;
  onActivity?: (activity: HotFolderActivity) => void;
  pollMs?: number;
}

/** The hot folder as the user configures it: settings kept in the settings file, the watcher restarted on change. */
export class HotFolderService {
  readonly #options: HotFolderServiceOptions;
  #folder: HotFolder | undefined;
  #recent: HotFolderActivity[] = [];

  constructor(options: HotFolderServiceOptions) {
    this.#options = options;
  }

  async start(): Promise<void> {
    await this.apply(this.#options.settings.get().hotFolder);
  }

  async stop(): Promise<void> {
    await this.#folder?.stop();
    this.#folder = undefined;
  }

  state(): HotFolderState {
    const settings = this.#options.settings.get().hotFolder;
    const problem = this.#folder?.problem;
    return { settings, watching: this.#folder?.watching ?? false, recent: this.#recent, ...(problem === undefined ? {} : { problem }) };
  }

  async configure(settings: HotFolderSettings): Promise<HotFolderState> {
    await this.#options.settings.update((current) => ({ ...current, hotFolder: settings }));
    await this.apply(settings);
    return this.state();
  }

  /** Called when the upload queue has finished a file it got from here. */
  async uploaded(uploadId: string): Promise<void> {
    await this.#folder?.uploaded(uploadId);
  }

  private async apply(settings: HotFolderSettings): Promise<void> {
    await this.stop();
    if (!settings.enabled || settings.path === undefined || settings.upload === undefined) return;
    this.#folder = new HotFolder({
      folder: settings.path,
      stableForMs: settings.stableForMs,
      moveToDone: settings.moveToDone,
      upload: settings.upload,
      ledgerPath: this.#options.ledgerPath,
      sink: this.#options.sink,
      log: this.#options.log,
      ...(this.#options.pollMs === undefined ? {} : { pollMs: this.#options.pollMs }),
      onActivity: (activity) => {
        this.#recent = [activity, ...this.#recent].slice(0, RECENT);
        this.#options.onActivity?.(activity);
      },
    });
    await this.#folder.start();
  }
}
