import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, type BrowserWindow } from 'electron';
import { AppLog } from './app/app-log';
import { createAppCore, dataPaths, type AppCore } from './app/create-app-core';
import { builtEngineLaunch, sourceEngineLaunch } from './core/engine-host/index';
import { installAppMenu } from './electron/app-menu';
import { forwardEvents, wireInvokes } from './electron/ipc-wiring';
import { createMainWindow } from './electron/main-window';
import { nativeDialogHandlers } from './electron/native-dialogs';
import { isAppUrl, type RendererLocation } from './electron/trusted-frame';

// Composition root: everything the app runs is created and wired here, by hand.

// One instance per user: a second one would fight over the cache, the outbox and the engine.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function start(): void {
  // Sandbox every renderer, including any created later by mistake without the option.
  app.enableSandbox();

  // Built by electron-vite next to this file: out/main/index.js, out/main/engine.js, out/preload, out/renderer.
  const renderer: RendererLocation = {
    rendererFile: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
    rendererDevUrl: app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'],
  };
  const isOurPage = (url: string) => isAppUrl(url, renderer);
  const dataDir = app.getPath('userData');
  const log = new AppLog({ path: dataPaths(dataDir).log, echo: app.isPackaged ? undefined : (line) => process.stderr.write(`${line}\n`) });

  let mainWindow: BrowserWindow | null = null;
  let core: AppCore | undefined;

  const openMainWindow = (): void => {
    mainWindow = createMainWindow({ preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)), ...renderer });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  const startCore = async (): Promise<void> => {
    const created = await createAppCore({
      dataDir,
      info: { version: app.getVersion(), host: 'electron', platform: process.platform },
      // Packaged: the bundled engine on Electron's own Node (native modules rebuilt for it).
      // Development: the engine's source through tsx on the Node that npm runs.
      engineLaunch: app.isPackaged
        ? builtEngineLaunch(process.execPath, fileURLToPath(new URL('./engine.js', import.meta.url)))
        : sourceEngineLaunch(app.getAppPath(), process.env['npm_node_execpath'] ?? 'node'),
      keychainService: 'Docket',
      log,
      // Packaged: electron-builder's extraResources; development: the repository's resources/.
      samplesDir: app.isPackaged ? join(process.resourcesPath, 'samples') : join(app.getAppPath(), 'resources', 'samples'),
      hostHandlers: nativeDialogHandlers(() => mainWindow),
    });
    core = created;
    wireInvokes(created.dispatcher, isOurPage, log.sink);
    forwardEvents((listener) => created.events.subscribe(listener), isOurPage);
    await created.start();
  };

  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (mainWindow === null && app.isReady()) openMainWindow();
  });

  // The engine is stopped before the app exits, so it never outlives it holding its store.
  let quitting = false;
  app.on('will-quit', (event) => {
    if (quitting || core === undefined) return;
    quitting = true;
    event.preventDefault();
    core
      .stop()
      .catch((error: unknown) => log.sink('error', `stopping the core failed: ${String(error)}`))
      .finally(() => void log.close().finally(() => app.quit()));
  });

  app
    .whenReady()
    .then(async () => {
      installAppMenu({ isMac: process.platform === 'darwin', development: !app.isPackaged });
      await startCore();
      openMainWindow();
    })
    .catch((error: unknown) => {
      console.error('Docket failed to start', error);
      // A data folder in use by another Docket (npm run serve), an unreadable one: the clerk must see why.
      dialog.showErrorBox('Docket cannot start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}
