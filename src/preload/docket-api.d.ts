// What the preload exposes to the renderer as window.docket. Types only: the renderer imports
// this file with `import type`, never the preload code itself.
import type { EventMessage } from '../shared/ipc/event-contract';
import type { IpcResponse } from '../shared/ipc/ipc-response';

export interface DocketApi {
  /** One call of the contract (src/shared/ipc); never rejects: failures come back as plain data. */
  invoke(channel: string, args: unknown): Promise<IpcResponse>;
  /** Every pushed event; answers a function that stops listening. */
  subscribe(listener: (message: EventMessage) => void): () => void;
  /** The local path of a dropped or picked file (webUtils.getPathForFile). */
  pathForFile(file: File): string;
}

declare global {
  interface Window {
    // Optional: a plain browser (the web host) has none, and the bridge uses HTTP there.
    readonly docket?: DocketApi;
  }
}
