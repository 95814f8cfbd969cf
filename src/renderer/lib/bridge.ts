import type { DocketApi } from '../../preload/docket-api';

// The only module that touches window.docket, so the rest of the renderer does not care which
// host (Electron preload or the web host) provides it.
function api(): DocketApi | undefined {
  return window.docket;
}

export function appVersion(): string | undefined {
  return api()?.version;
}
