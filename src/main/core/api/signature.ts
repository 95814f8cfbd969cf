// The signed authentication of the published service (api-notes.md, "Hosts and headers").
// Pure functions over node:crypto: the client signs with them and the local engine verifies
// with the same module, so the two cannot drift apart.
import { createHash, createHmac } from 'node:crypto';

export const AUTH_HEADERS = {
  appId: 'x-ti-app-id',
  secretCode: 'x-ti-secret-code',
  timestamp: 'x-ti-timestamp',
  signature: 'x-ti-signature',
  enterpriseId: 'x-ti-enterprise-id',
} as const;

export type QueryPair = readonly [name: string, value: string];

export interface SignInput {
  method: string;
  /** URL path without host, as sent (API prefix included). */
  path: string;
  /** Decoded query pairs in any order. */
  query: readonly QueryPair[];
  bodySha256Hex: string;
  /** Epoch seconds; signed as its decimal text. */
  timestamp: number | string;
  secret: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export const EMPTY_BODY_SHA256 = sha256Hex('');

/** `k=v` pairs sorted by name in ASCII (code unit) order, then by value; values not URL-encoded. */
export function canonicalQuery(pairs: readonly QueryPair[]): string {
  return [...pairs]
    .sort(([a, av], [b, bv]) => compareCodeUnits(a, b) || compareCodeUnits(av, bv))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export function stringToSign(input: Pick<SignInput, 'method' | 'path' | 'query' | 'bodySha256Hex'>): string {
  return [input.method.toUpperCase(), input.path, canonicalQuery(input.query), input.bodySha256Hex].join('\n');
}

/** Lowercase hex HMAC-SHA256 under a key derived from the secret and the timestamp. */
export function signRequest(input: SignInput): string {
  const signingKey = createHmac('sha256', input.secret).update(String(input.timestamp)).digest();
  return createHmac('sha256', signingKey).update(stringToSign(input)).digest('hex');
}

// localeCompare would order by locale rules, not by ASCII.
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
