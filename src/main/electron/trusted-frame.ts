import { pathToFileURL } from 'node:url';

export interface RendererLocation {
  /** The built renderer's index.html. */
  rendererFile: string;
  /** electron-vite's dev server, in development only. */
  rendererDevUrl?: string | undefined;
}

/**
 * Whether a frame's URL is our renderer's page: the file we loaded (any hash or query, since the
 * app may route with them), or the dev server's origin. Anything else (a navigation that slipped
 * through, an injected frame) gets no answer from the core.
 */
export function isAppUrl(url: string, location: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (location.rendererDevUrl !== undefined) return parsed.origin === new URL(location.rendererDevUrl).origin;
  const page = pathToFileURL(location.rendererFile);
  return parsed.protocol === 'file:' && parsed.host === page.host && parsed.pathname === page.pathname;
}
