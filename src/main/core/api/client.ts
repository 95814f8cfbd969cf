import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { AUTH_HEADERS, EMPTY_BODY_SHA256, ROUTES, routeLabel, sha256Hex, signRequest, type RouteName, type RouteResult, type RouteSpec } from '../../../shared/api/index.js';
import { AbortError, DocketApiError, transportError, type CallContext } from './errors.js';
import { DEFAULT_RETRY_OPTIONS, nextRetryDelay, type RetryOptions } from './retry-policy.js';
import { localFileError, prepareRequest, type PreparedRequest, type RawCallInput } from './request.js';
import { decodeResponse } from './response.js';
import { encodeQuery } from './query-string.js';
import { createResources, type Resources } from './resources.js';
import type { CallInput, CallOptions } from './call-types.js';

export interface Credentials {
  appId: string;
  secret: string;
  /** 'headers' sends the secret (the default of the service); 'signature' signs each request with it. */
  mode: 'headers' | 'signature';
}

export interface RetryEvent {
  route: RouteName;
  /** The attempt that failed, counted from 1. */
  attempt: number;
  delayMs: number;
  error: DocketApiError;
}

export interface DocketClientOptions {
  /** Scheme and host, e.g. https://docflow.textin.com or http://127.0.0.1:8765. */
  baseUrl: string;
  credentials: Credentials;
  enterpriseId?: string | undefined;
  timeoutMs?: number | undefined;
  retry?: Partial<RetryOptions> | undefined;
  dispatcher?: Dispatcher | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A prepared body as it goes on the wire; open() is called once per attempt, after signing. */
interface WireBody {
  headers: Record<string, string>;
  open: () => Buffer | Readable | undefined;
  sha256Hex: () => Promise<string>;
}

export class DocketClient implements Resources {
  readonly files: Resources['files'];
  readonly categories: Resources['categories'];
  readonly workspaces: Resources['workspaces'];
  readonly review: Resources['review'];
  readonly auth: Resources['auth'];

  // An ES private field: util.inspect and console.log never show it, and it holds the secret.
  readonly #options: DocketClientOptions;
  private readonly baseUrl: string;
  private readonly retry: RetryOptions;

  constructor(options: DocketClientOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
    ({ files: this.files, categories: this.categories, workspaces: this.workspaces, review: this.review, auth: this.auth } = createResources(
      (name, input, callOptions) => this.call(name, input, callOptions),
    ));
  }

  /** Validates, sends and decodes one route's request, resending idempotent routes on transient failures. */
  private async call<N extends RouteName>(name: N, input: CallInput<N>, options: CallOptions = {}): Promise<RouteResult<N>> {
    const spec: RouteSpec = ROUTES[name];
    const context: CallContext = { route: routeLabel(spec), retryClass: spec.retry };
    const prepared = await prepareRequest(spec, input as RawCallInput, context);
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.attempt(spec, prepared, options, context)) as RouteResult<N>;
      } catch (error) {
        if (!(error instanceof DocketApiError)) throw error;
        const delayMs = nextRetryDelay(error, attempt, spec.retry, this.retry);
        if (delayMs === undefined) throw error;
        this.#options.onRetry?.({ route: name, attempt, delayMs, error });
        await sleep(delayMs, undefined, { signal: options.signal }).catch((cause: unknown) => {
          throw new AbortError(context, false, cause);
        });
      }
    }
  }

  private async attempt(spec: RouteSpec, prepared: PreparedRequest, options: CallOptions, context: CallContext): Promise<unknown> {
    const { signal } = options;
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let sent = false;
    try {
      signal?.throwIfAborted();
      const url = new URL(`${this.baseUrl}${prepared.path}`);
      url.search = encodeQuery(prepared.query);
      const wire = this.wireBody(prepared, options);
      const headers = { ...wire.headers, ...(await this.authHeaders(prepared, url.pathname, wire)) };
      sent = true;
      const response = await request(url, {
        method: prepared.method,
        headers,
        body: wire.open(),
        signal,
        dispatcher: this.#options.dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const bytes = new Uint8Array(await response.body.arrayBuffer());
      return decodeResponse(spec, { statusCode: response.statusCode, headers: response.headers, bytes }, context);
    } catch (error) {
      throw this.failure(error, prepared, context, { signal, sent, timeoutMs });
    }
  }

  private failure(
    error: unknown,
    prepared: PreparedRequest,
    context: CallContext,
    facts: { signal: AbortSignal | undefined; sent: boolean; timeoutMs: number },
  ): DocketApiError {
    if (error instanceof DocketApiError) return error;
    if (facts.signal?.aborted) return new AbortError(context, facts.sent, error);
    const files = prepared.body.kind === 'multipart' ? prepared.body.multipart.files : [];
    return localFileError(error, files, context) ?? transportError(error, context, facts.timeoutMs);
  }

  private wireBody(prepared: PreparedRequest, options: CallOptions): WireBody {
    const { body } = prepared;
    switch (body.kind) {
      case 'none':
        return { headers: {}, open: () => undefined, sha256Hex: async () => EMPTY_BODY_SHA256 };
      case 'json':
        return { headers: { 'content-type': 'application/json' }, open: () => body.bytes, sha256Hex: async () => sha256Hex(body.bytes) };
      case 'multipart': {
        const { multipart } = body;
        return {
          headers: { 'content-type': multipart.contentType, 'content-length': String(multipart.contentLength) },
          open: () => multipart.stream({ signal: options.signal, onProgress: options.onProgress }),
          sha256Hex: () => multipart.sha256Hex(options.signal),
        };
      }
    }
  }

  private async authHeaders(prepared: PreparedRequest, urlPath: string, wire: WireBody): Promise<Record<string, string>> {
    const { credentials, enterpriseId } = this.#options;
    const headers: Record<string, string> = { [AUTH_HEADERS.appId]: credentials.appId };
    if (enterpriseId !== undefined) headers[AUTH_HEADERS.enterpriseId] = enterpriseId;
    if (credentials.mode === 'headers') return { ...headers, [AUTH_HEADERS.secretCode]: credentials.secret };
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = await signRequest({
      method: prepared.method,
      path: urlPath,
      query: prepared.query,
      bodySha256Hex: await wire.sha256Hex(),
      timestamp,
      secret: credentials.secret,
    });
    return { ...headers, [AUTH_HEADERS.timestamp]: String(timestamp), [AUTH_HEADERS.signature]: signature };
  }
}
