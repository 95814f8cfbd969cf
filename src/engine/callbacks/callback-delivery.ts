import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { fixedLookup, resolveAllowed } from '../links/address-guard.js';

export interface DeliveryOptions {
  /** Loopback and private receivers (off by default; tests turn it on). */
  allowPrivate: boolean;
  /** The first retry waits this long, each next one twice as long. */
  backoffMs: number;
  timeoutMs: number;
  log: (line: string) => void;
}

export const DEFAULT_DELIVERY = { allowPrivate: false, backoffMs: 2_000, timeoutMs: 10_000 } as const;

/**
 * POSTs the JSON body to the workspace's callback URL: once, then `retries` more times (0-3) with
 * doubling waits while the receiver refuses or answers other than 2xx. Every attempt is a log line;
 * nothing is thrown, so a callback never holds up or fails processing.
 */
export async function deliver(url: string, body: object, retries: number, options: DeliveryOptions): Promise<boolean> {
  const text = JSON.stringify(body);
  const what = `callback ${String((body as { event?: unknown }).event)} to ${url}`;
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    const outcome = await post(url, text, options).catch((error: unknown) => `failed (${(error as { code?: string }).code ?? (error as Error).message})`);
    options.log(`${what}: attempt ${attempt} of ${retries + 1} ${outcome}`);
    if (outcome === 'delivered') return true;
    if (attempt <= retries) await sleep(options.backoffMs * 2 ** (attempt - 1));
  }
  return false;
}

async function post(link: string, text: string, options: DeliveryOptions): Promise<string> {
  const url = new URL(link);
  const resolved = await resolveAllowed(url, options.allowPrivate);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        lookup: fixedLookup(resolved) as never,
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'user-agent': 'docket-engine' },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? 'delivered' : `answered HTTP ${status}`);
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}
