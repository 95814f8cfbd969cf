import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Names the page may be reached by: the loopback address and localhost, on our port only. */
function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string };

export interface RequestGuard {
  /** Host and Origin: a page of another site (DNS rebinding, a cross-site form or socket) is refused. */
  checkPeer(request: IncomingMessage, options: { requireOrigin: boolean }): GuardVerdict;
  /** The per-run token, from the session cookie or an Authorization: Bearer header. */
  hasToken(request: IncomingMessage): boolean;
  /** The token given in a URL (?token=), only to exchange it for the cookie. */
  isToken(candidate: string | null): boolean;
  readonly cookieName: string;
}

export function createRequestGuard(port: number, token: string): RequestGuard {
  const hosts = allowedHosts(port);
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  // One cookie per port: cookies ignore ports, and two hosts on this computer must not clash.
  const cookieName = `docket-token-${port}`;
  const expected = Buffer.from(token);
  const isToken = (candidate: string | null | undefined): boolean => {
    if (candidate === null || candidate === undefined) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    cookieName,
    isToken,
    checkPeer(request, { requireOrigin }) {
      const host = request.headers.host;
      if (host === undefined || !hosts.has(host.toLowerCase())) return { ok: false, status: 421, reason: 'unexpected Host header' };
      const origin = request.headers.origin;
      if (origin === undefined) return requireOrigin ? { ok: false, status: 403, reason: 'missing Origin header' } : { ok: true };
      return origins.has(origin.toLowerCase()) ? { ok: true } : { ok: false, status: 403, reason: 'foreign Origin' };
    },
    hasToken(request) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      return isToken(bearer) || isToken(cookieValue(request.headers.cookie, cookieName));
    },
  };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
