import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { canonicalQuery, signRequest } from '../../shared/api/index.js';
import { EngineError } from './engine-error.js';

export interface EngineCredentials {
  appId: string;
  secret: string;
}

const MAX_CLOCK_SKEW_SECONDS = 300;

/** Compares through fixed-length digests so neither content nor length leaks through timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** True when the request uses the signed form and its signature must be checked once the body is read. */
export function checkCredentials(headers: IncomingHttpHeaders, credentials: EngineCredentials): 'plain' | 'signed' {
  const appId = header(headers, 'x-ti-app-id');
  const secret = header(headers, 'x-ti-secret-code');
  const signature = header(headers, 'x-ti-signature');
  if (!appId || (!secret && !signature)) {
    throw new EngineError('missingCredentials', 'x-ti-app-id and x-ti-secret-code (or x-ti-timestamp and x-ti-signature) are required');
  }
  const appIdOk = constantTimeEqual(appId, credentials.appId);
  if (secret !== undefined) {
    const secretOk = constantTimeEqual(secret, credentials.secret);
    if (!(appIdOk && secretOk)) throw new EngineError('wrongCredentials', 'x-ti-app-id or x-ti-secret-code is wrong');
    return 'plain';
  }
  if (!appIdOk) throw new EngineError('wrongCredentials', 'x-ti-app-id or x-ti-signature is wrong');
  return 'signed';
}

export async function verifySignature(input: {
  headers: IncomingHttpHeaders;
  method: string;
  path: string;
  search: URLSearchParams;
  bodySha256Hex: string;
  secret: string;
  nowSeconds?: number;
}): Promise<void> {
  const timestamp = header(input.headers, 'x-ti-timestamp') ?? '';
  const given = header(input.headers, 'x-ti-signature') ?? '';
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
    throw new EngineError('badSignature', `x-ti-timestamp must be epoch seconds within ${MAX_CLOCK_SKEW_SECONDS} s of the engine's clock`);
  }
  const expected = await signRequest({
    method: input.method,
    path: input.path,
    query: [...input.search.entries()],
    bodySha256Hex: input.bodySha256Hex,
    timestamp,
    secret: input.secret,
  });
  if (!constantTimeEqual(given.toLowerCase(), expected)) {
    throw new EngineError('badSignature', `x-ti-signature does not match the request (query signed as '${canonicalQuery([...input.search.entries()])}')`);
  }
}
