// Names both transports use. No zod here: the preload bundles this file and nothing heavier.

/** Electron: one ipcMain.handle per contract entry, on this prefix plus the channel name. */
export const ELECTRON_INVOKE_PREFIX = 'docket:invoke:';
/** Electron: every pushed event travels on this one channel as {event, payload}. */
export const ELECTRON_EVENT_CHANNEL = 'docket:event';

/** Web host: POST a JSON body {args} to this prefix plus the channel name. */
export const WEB_INVOKE_PATH = '/ipc/';
/** Web host: the WebSocket that carries pushed events. */
export const WEB_EVENTS_PATH = '/events';
/** Web host: POST a dropped file's bytes here to get a local path for it (browsers hide paths). */
export const WEB_STAGE_PATH = '/stage';

/** Channel names are dotted identifiers; anything else is refused before it reaches IPC. */
export const CHANNEL_NAME = /^[a-zA-Z]+(?:\.[a-zA-Z]+)+$/;
