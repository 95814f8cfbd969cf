// The signed authentication of the published service (api-notes.md, "Hosts and headers").
// The client signs with it and the local engine verifies with it, so the two cannot drift apart.
// Web Crypto, not node:crypto: src/shared stays free of Node built-ins.

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

/** The SHA-256 of no bytes: the body hash of a request without a body. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', bytesOf(data)));
}

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
export async function signRequest(input: SignInput): Promise<string> {
  const signingKey = await hmacSha256(bytesOf(input.secret), String(input.timestamp));
  return hex(await hmacSha256(signingKey, stringToSign(input)));
}

async function hmacSha256(key: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, bytesOf(message)));
}

// Web Crypto takes bytes over a plain ArrayBuffer; a view over any other buffer is copied.
function bytesOf(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
}

function hex(digest: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// localeCompare would order by locale rules, not by ASCII.
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
