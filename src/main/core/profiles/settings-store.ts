import { readSettingsFile, writeSettingsFile, initialSettings, type Settings } from './settings-file.js';

export interface SettingsStoreOptions {
  path: string;
  now?: () => Date;
  /** Told when an unreadable settings file was set aside and defaults used instead. */
  onInvalid?: (problem: string, keptAs: string) => void;
}

/** Owns the settings file: one reader, and updates applied one after another. */
export class SettingsStore {
  #current: Settings;
  #writing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    settings: Settings,
  ) {
    this.#current = settings;
  }

  static async open(options: SettingsStoreOptions): Promise<SettingsStore> {
    const read = await readSettingsFile(options.path);
    if (read.kind === 'invalid') options.onInvalid?.(read.problem, read.keptAs);
    const settings = read.kind === 'found' ? read.settings : initialSettings((options.now ?? (() => new Date()))());
    const store = new SettingsStore(options.path, settings);
    if (read.kind !== 'found') await writeSettingsFile(options.path, settings);
    return store;
  }

  get(): Settings {
    return this.#current;
  }

  /** Applies a change and writes it; concurrent updates are serialized so none is lost. */
  update(change: (settings: Settings) => Settings): Promise<Settings> {
    const next = this.#writing.then(async () => {
      const updated = change(structuredClone(this.#current));
      await writeSettingsFile(this.path, updated);
      this.#current = updated;
      return updated;
    });
    this.#writing = next.catch(() => undefined);
    return next;
  }
}
