import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppInfo } from '../../shared/ipc/channels/app.js';
import { createDispatcher, type Dispatcher, type InvokeHandlers } from '../../shared/ipc/dispatcher.js';
import { CredentialStore, probeKeychain, type StoredCredentials } from '../core/credentials/index.js';
import { EngineHost, loadOrCreateEngineCredentials, type EngineLaunch } from '../core/engine-host/index.js';
import { HotFolderService } from '../core/hot-folder/index.js';
import { preferencesOf, ProfileService, SettingsStore } from '../core/profiles/index.js';
import type { AppLog } from './app-log.js';
import { ClientFactory } from './client-factory.js';
import { lockDataDir } from './data-dir-lock.js';
import { CoreSession } from './core-session.js';
import { EventHub } from './event-hub.js';
import { catalogHandlers } from './handlers/catalog-handlers.js';
import { engineHandlers } from './handlers/engine-handlers.js';
import { fileHandlers } from './handlers/file-handlers.js';
import { firstRunHandlers } from './handlers/first-run-handlers.js';
import { hotFolderHandlers } from './handlers/hot-folder-handlers.js';
import { journalHandlers } from './handlers/journal-handlers.js';
import { onlineHandlers } from './handlers/online-handlers.js';
import { pageImageHandlers } from './handlers/page-image-handlers.js';
import { profileHandlers } from './handlers/profile-handlers.js';
import { queueHandlers } from './handlers/queue-handlers.js';
import { reviewHandlers } from './handlers/review-handlers.js';
import { ruleDraftHandlers } from './handlers/rule-draft-handlers.js';
import { ruleSuggestionHandlers } from './handlers/rule-suggestion-handlers.js';
import { sampleArchiveHandlers } from './handlers/sample-archive-handlers.js';
import { settingsHandlers } from './handlers/settings-handlers.js';
import { syncHandlers } from './handlers/sync-handlers.js';
import { uploadHandlers } from './handlers/upload-handlers.js';
import { uploadQueueSink } from './hot-folder-sink.js';

/** The app's data folder, laid out once. */
export function dataPaths(dataDir: string) {
  return {
    settings: join(dataDir, 'settings.json'),
    engine: join(dataDir, 'engine'),
    cache: join(dataDir, 'cache'),
    exports: join(dataDir, 'exports'),
    hotFolderLedger: join(dataDir, 'hot-folder.json'),
    log: join(dataDir, 'logs', 'docket.log'),
    staged: join(dataDir, 'staged'),
  };
}

export interface AppCoreOptions {
  dataDir: string;
  info: AppInfo;
  engineLaunch: EngineLaunch;
  /** The keychain's service name for our entries. */
  keychainService: string;
  log: AppLog;
  /** The first run's sample documents; without it the first-run calls answer NOT_AVAILABLE. */
  samplesDir?: string | undefined;
  /** What only one host can do (native dialogs in Electron). */
  hostHandlers?: InvokeHandlers;
}

export interface AppCore {
  dispatcher: Dispatcher;
  events: EventHub;
  engine: EngineHost;
  profiles: ProfileService;
  clients: ClientFactory;
  credentials: CredentialStore;
  session: CoreSession;
  /** Starts the local engine when the active profile uses it, opens the data core, watches the hot folder. */
  start(): Promise<void>;
  /** Resolves once the data core of the active profile is open (or could not be). */
  whenOpen(): Promise<void>;
  stop(): Promise<void>;
}

/** Everything host-agnostic, wired by hand: the Electron shell and the web host both start from here. */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const log = options.log.sink;
  const paths = dataPaths(options.dataDir);
  // Documents, the cache and the log are the clerk's: no other user of this computer reads them.
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(options.dataDir);
  const events = new EventHub(log);

  const keychain = await probeKeychain(options.keychainService);
  if (!keychain.available) log('warn', `no keychain: ${keychain.problem}; credentials are kept for this session only`);
  const credentials = new CredentialStore(keychain, options.log.remember);
  const settings = await SettingsStore.open({
    path: paths.settings,
    onInvalid: (problem, keptAs) => log('warn', `the settings file was unreadable (${problem}); kept as ${keptAs}, defaults used`),
  });

  const engineCredentials = once(() => loadOrCreateEngineCredentials(credentials));
  const engine = new EngineHost({ launch: options.engineLaunch, dataDir: paths.engine, credentials: engineCredentials, language: () => preferencesOf(settings.get()).language, log });
  const profiles = new ProfileService({ settings, credentials, localCredentials: engineCredentials });
  const clients = new ClientFactory(profiles, engine);

  const session = new CoreSession({ cacheDir: paths.cache, profiles, clients, events, log });
  const hotFolder = new HotFolderService({
    settings,
    sink: uploadQueueSink(session),
    ledgerPath: paths.hotFolderLedger,
    log,
    onActivity: (activity) => events.emit('hotFolder.activity', activity),
  });
  session.onUploadChanged((view) => {
    if (view.source === 'hot-folder' && view.state === 'uploaded') void hotFolder.uploaded(view.upload_id);
  });

  engine.onStatus((status) => {
    events.emit('engine.status', status);
    // The engine came back on another port: the data core must talk to the new one.
    const local = profiles.active().server.kind === 'local';
    if (local && status.state === 'ready' && session.origin !== undefined && session.origin !== status.origin) void session.reopen();
  });
  profiles.onChange((state) => events.emit('profiles.changed', state));

  const dispatcher = createDispatcher(
    {
      ...settingsHandlers({ info: options.info, settings, events }),
      ...profileHandlers({ profiles, clients, connectionChanged: () => session.reopen() }),
      ...engineHandlers({ engine }),
      ...hotFolderHandlers({ hotFolder }),
      ...fileHandlers({ session }),
      ...pageImageHandlers({ session }),
      ...queueHandlers({ session }),
      ...(options.samplesDir === undefined ? {} : firstRunHandlers({ session, profiles, samplesDir: options.samplesDir })),
      ...uploadHandlers({ session }),
      ...catalogHandlers({ session }),
      ...reviewHandlers({ session }),
      ...ruleSuggestionHandlers({ session }),
      ...ruleDraftHandlers({ session }),
      ...syncHandlers({ session, log }),
      ...journalHandlers({ session, exportsDir: paths.exports }),
      ...onlineHandlers({ session, clients }),
      ...sampleArchiveHandlers({ clients, exportsDir: paths.exports }),
      ...options.hostHandlers,
    },
    { onInternalError: (channel, error) => log('error', `${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`) },
  );

  return {
    dispatcher,
    events,
    engine,
    profiles,
    clients,
    credentials,
    session,
    async start() {
      if (profiles.active().server.kind === 'local') {
        engine.start().catch((error: unknown) => log('error', (error as Error).message));
      }
      // Not awaited: the window opens at once; calls answer CORE_UNAVAILABLE (retryable) meanwhile.
      void session.reopen();
      await hotFolder.start();
    },
    whenOpen: () => session.whenSettled(),
    async stop() {
      await hotFolder.stop();
      await session.close();
      await engine.stop();
      await lock.release();
    },
  };
}

/** The first call's promise, shared: generated credentials must be generated once. */
function once(load: () => Promise<StoredCredentials>): () => Promise<StoredCredentials> {
  let loading: Promise<StoredCredentials> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
