import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { Dispatcher } from '../../shared/ipc/dispatcher.js';
import type { EventMessage } from '../../shared/ipc/event-contract.js';
import { INVOKE_CHANNELS } from '../../shared/ipc/invoke-contract.js';
import { IPC_ERROR_CODES } from '../../shared/ipc/ipc-failure.js';
import type { IpcResponse } from '../../shared/ipc/ipc-response.js';
import { ELECTRON_EVENT_CHANNEL, ELECTRON_INVOKE_PREFIX } from '../../shared/ipc/wire-names.js';
import type { LogSink } from '../core/log-sink.js';

/** Only our page's top frame may call: not a subframe, not a page we did not load. */
function trustedSender(event: IpcMainInvokeEvent, isAppUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/**
 * One ipcMain.handle per contract entry. Arguments are validated by the dispatcher against the
 * contract; answers are plain IpcResponse data, never a thrown error.
 */
export function wireInvokes(dispatcher: Dispatcher, isAppUrl: (url: string) => boolean, log: LogSink): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(`${ELECTRON_INVOKE_PREFIX}${channel}`, (event, args: unknown): Promise<IpcResponse> | IpcResponse => {
      if (!trustedSender(event, isAppUrl)) {
        log('warn', `refused ${channel} from ${event.senderFrame?.url ?? 'a closed frame'}`);
        return { ok: false, error: { code: IPC_ERROR_CODES.forbidden, message: 'this page may not call the app', retryable: false } };
      }
      return dispatcher.invoke(channel, args);
    });
  }
  return () => {
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(`${ELECTRON_INVOKE_PREFIX}${channel}`);
  };
}

/** Pushed events go to every window that shows our page, and nowhere else. */
export function forwardEvents(subscribe: (listener: (message: EventMessage) => void) => () => void, isAppUrl: (url: string) => boolean): () => void {
  return subscribe((message) => {
    for (const window of BrowserWindow.getAllWindows()) {
      const contents = window.webContents;
      if (!contents.isDestroyed() && isAppUrl(contents.getURL())) contents.send(ELECTRON_EVENT_CHANNEL, message);
    }
  });
}
