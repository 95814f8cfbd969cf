// What the preload exposes to the renderer as window.docket. Types only: the renderer imports
// this file with `import type`, never the preload code itself.
export interface DocketApi {
  /** The application version, as the main process reports it. */
  readonly version: string;
}

declare global {
  interface Window {
    // Optional: a plain browser (or a host that has not installed the bridge yet) has none.
    readonly docket?: DocketApi;
  }
}
