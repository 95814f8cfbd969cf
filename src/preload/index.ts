import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { CHANNEL_NAME, ELECTRON_EVENT_CHANNEL, ELECTRON_INVOKE_PREFIX } from '../shared/ipc/wire-names';
import type { EventMessage } from '../shared/ipc/event-contract';
import type { IpcResponse } from '../shared/ipc/ipc-response';
import type { DocketApi } from './docket-api';

// Three functions and nothing else: the renderer gets no ipcRenderer, no Node, no Electron object.
const api: DocketApi = Object.freeze({
  invoke(channel: string, args: unknown): Promise<IpcResponse> {
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `no such call: ${String(channel)}`, retryable: false } });
    }
    return ipcRenderer.invoke(`${ELECTRON_INVOKE_PREFIX}${channel}`, args) as Promise<IpcResponse>;
  },
  subscribe(listener: (message: EventMessage) => void): () => void {
    const forward = (_event: IpcRendererEvent, message: EventMessage) => listener(message);
    ipcRenderer.on(ELECTRON_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(ELECTRON_EVENT_CHANNEL, forward);
    };
  },
  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
});

contextBridge.exposeInMainWorld('docket', api);
