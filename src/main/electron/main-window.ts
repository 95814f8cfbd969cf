import { BrowserWindow, type Session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';

export interface MainWindowOptions {
  preloadPath: string;
  /** The built renderer's index.html. */
  rendererFile: string;
  /** electron-vite's dev server; set only in development, never in a packaged app. */
  rendererDevUrl?: string | undefined;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    title: 'Docket',
    // Shown once painted, so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // Clerks drop files on the window all day: a drop must reach the page, not replace it.
      navigateOnDragDrop: false,
    },
  });

  hardenSession(window.webContents.session, { sendCspHeader: options.rendererDevUrl === undefined });
  hardenWebContents(window.webContents);
  window.once('ready-to-show', () => window.show());

  const loading =
    options.rendererDevUrl === undefined
      ? window.loadFile(options.rendererFile)
      : window.loadURL(options.rendererDevUrl);
  loading.catch((error: unknown) => {
    console.error('Docket: the renderer failed to load', error);
  });

  return window;
}

/** The renderer is a single page: it never navigates, opens windows or embeds guests. */
export function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

const hardenedSessions = new WeakSet<Session>();

export function hardenSession(session: Session, options: { sendCspHeader: boolean }): void {
  if (hardenedSessions.has(session)) return;
  hardenedSessions.add(session);

  // No camera, microphone, notifications, geolocation...: features that need one grant it here
  // explicitly, by name.
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);

  // The dev server's React refresh preamble is an inline script, which this policy forbids.
  if (!options.sendCspHeader) return;
  session.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' && details.resourceType !== 'subFrame') {
      callback({});
      return;
    }
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
}
