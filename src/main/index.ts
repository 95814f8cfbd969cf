import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow } from 'electron';
import { createMainWindow } from './electron/main-window';

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

  let mainWindow: BrowserWindow | null = null;

  const openMainWindow = (): void => {
    mainWindow = createMainWindow({
      // Built by electron-vite next to this file: out/main/index.js, out/preload, out/renderer.
      preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      rendererFile: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
      rendererDevUrl: app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'],
      appVersion: app.getVersion(),
    });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
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

  app
    .whenReady()
    .then(openMainWindow)
    .catch((error: unknown) => {
      console.error('Docket failed to start', error);
      app.exit(1);
    });
}
