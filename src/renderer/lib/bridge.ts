import type { DocketApi } from '../../preload/docket-api';
import type { EventMessage, EventName, EventPayload } from '../../shared/ipc/event-contract';
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../shared/ipc/invoke-contract';
import { IPC_ERROR_CODES, IpcFailure } from '../../shared/ipc/ipc-failure';
import type { IpcResponse } from '../../shared/ipc/ipc-response';
import { BINARY_WIRE_TYPE, decodeBinaryWire } from '../../shared/ipc/binary-wire';
import { decodeWireJson, encodeWireJson } from '../../shared/ipc/json-wire';
import { WEB_EVENTS_PATH, WEB_INVOKE_PATH, WEB_STAGE_PATH } from '../../shared/ipc/wire-names';

// The only module that touches window.docket. Under Electron the preload provides it; under the
// web host it is absent and the same calls go over HTTP and a WebSocket. The rest of the renderer
// cannot tell the two apart.

interface Transport {
  invoke(channel: string, args: unknown): Promise<IpcResponse>;
  subscribe(listener: (message: EventMessage) => void): () => void;
  pathForFile(file: File): Promise<string>;
}

function electronTransport(api: DocketApi): Transport {
  return {
    invoke: (channel, args) => api.invoke(channel, args),
    subscribe: (listener) => api.subscribe(listener),
    pathForFile: async (file) => api.pathForFile(file),
  };
}

function transportFailure(message: string): IpcResponse {
  return { ok: false, error: { code: IPC_ERROR_CODES.transport, message, retryable: true } };
}

/** Answers of the web host are IpcResponse JSON, errors included (401, 403, 413...). */
async function postForResponse(url: string, init: RequestInit): Promise<IpcResponse> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, method: 'POST', credentials: 'same-origin' });
  } catch (error) {
    return transportFailure(`the app did not answer (${(error as Error).message})`);
  }
  try {
    // Answers holding bytes come as a binary frame (asked for in the Accept header), the rest as JSON.
    if (response.headers.get('content-type') === BINARY_WIRE_TYPE) return decodeBinaryWire(await response.arrayBuffer()) as IpcResponse;
    return decodeWireJson(await response.text()) as IpcResponse;
  } catch {
    return transportFailure(`unexpected answer from the app (HTTP ${response.status})`);
  }
}

const RECONNECT_MS = { first: 500, max: 10_000 };

function webTransport(): Transport {
  const listeners = new Set<(message: EventMessage) => void>();
  let socket: WebSocket | undefined;
  let delay = RECONNECT_MS.first;

  const connect = (): void => {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${scheme}//${location.host}${WEB_EVENTS_PATH}`);
    socket.onopen = () => (delay = RECONNECT_MS.first);
    socket.onmessage = (event: MessageEvent<string>) => {
      const message = decodeWireJson(event.data) as EventMessage;
      for (const listener of [...listeners]) listener(message);
    };
    socket.onclose = () => {
      socket = undefined;
      if (listeners.size === 0) return;
      setTimeout(() => listeners.size > 0 && socket === undefined && connect(), delay);
      delay = Math.min(RECONNECT_MS.max, delay * 2);
    };
  };

  return {
    invoke: (channel, args) =>
      postForResponse(`${WEB_INVOKE_PATH}${encodeURIComponent(channel)}`, {
        headers: { 'content-type': 'application/json', accept: `${BINARY_WIRE_TYPE}, application/json` },
        body: encodeWireJson({ args }),
      }),
    subscribe(listener) {
      listeners.add(listener);
      if (socket === undefined) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) socket?.close();
      };
    },
    async pathForFile(file) {
      const response = await postForResponse(`${WEB_STAGE_PATH}?name=${encodeURIComponent(file.name)}`, { body: file });
      if (!response.ok) throw new IpcFailure(response.error);
      return (response.value as { path: string }).path;
    },
  };
}

let chosen: Transport | undefined;

function transport(): Transport {
  chosen ??= window.docket === undefined ? webTransport() : electronTransport(window.docket);
  return chosen;
}

/** One call of the contract. Rejects with an IpcFailure carrying {code, message, retryable}. */
export async function invoke<C extends InvokeChannel>(channel: C, args: InvokeArgs<C>): Promise<InvokeResult<C>> {
  const response = await transport().invoke(channel, args);
  if (!response.ok) throw new IpcFailure(response.error);
  return response.value as InvokeResult<C>;
}

/** Listens to one pushed event; answers a function that stops listening. */
export function subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return transport().subscribe((message) => {
    if (message.event === event) listener(message.payload as EventPayload<E>);
  });
}

/** Local paths of dropped or picked files, for the upload queue (the web host stores the bytes first). */
export function localPaths(files: readonly File[]): Promise<string[]> {
  return Promise.all(files.map((file) => transport().pathForFile(file)));
}
