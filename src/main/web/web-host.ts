import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { LIMITS } from '../../shared/api/index.js';
import type { Dispatcher } from '../../shared/ipc/dispatcher.js';
import type { EventMessage } from '../../shared/ipc/event-contract.js';
import { IPC_ERROR_CODES } from '../../shared/ipc/ipc-failure.js';
import { decodeWireJson } from '../../shared/ipc/json-wire.js';
import { WEB_EVENTS_PATH, WEB_INVOKE_PATH, WEB_STAGE_PATH } from '../../shared/ipc/wire-names.js';
import type { LogSink } from '../core/log-sink.js';
import { EventSockets } from './event-socket.js';
import { BodyTooLarge, forbidden, readText, replyAnswer, replyError, replyJson } from './http-replies.js';
import { createRequestGuard, type RequestGuard } from './request-guard.js';
import { pruneStaged, stageUpload } from './stage-upload.js';
import { serveRendererFile } from './static-files.js';

/** Never beyond this computer: the page drives the core, which holds documents and credentials. */
const HOST = '127.0.0.1';
const MAX_INVOKE_BODY = 16 * 1024 * 1024;
const STAGED_KEPT_MS = 30 * 24 * 3600 * 1000;

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  // The first URL carries the token: no page may learn it from a Referer.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export interface WebHostOptions {
  dispatcher: Dispatcher;
  /** Validated events from the core. */
  subscribe: (listener: (message: EventMessage) => void) => () => void;
  /** The renderer build (out/renderer). */
  rendererDir: string;
  /** Where dropped files are kept for the upload queue to read. */
  stageDir: string;
  port?: number;
  log: LogSink;
}

export interface WebHost {
  origin: string;
  /** The address to open: it carries the per-run token once, exchanged for a cookie. */
  url: string;
  token: string;
  close(): Promise<void>;
}

/** The renderer and the core over HTTP + WebSocket on loopback, for a browser and for end-to-end tests. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = randomBytes(32).toString('base64url');
  await pruneStaged(options.stageDir, STAGED_KEPT_MS);
  const sockets = new EventSockets();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const guard = createRequestGuard(port, token);
  const unsubscribe = options.subscribe((message) => sockets.broadcast(message));

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handleRequest(request, response, { ...options, guard, token }).catch((error: unknown) => {
      options.log('error', `web host: ${request.method} ${pathOf(request)} failed: ${(error as Error).message}`);
      if (!response.headersSent) replyError(response, 500, { code: IPC_ERROR_CODES.internal, message: 'the web host failed', retryable: true });
      else response.destroy();
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const peer = guard.checkPeer(request, { requireOrigin: true });
    const refusal = pathOf(request) !== WEB_EVENTS_PATH ? '404 Not Found' : !peer.ok ? `${peer.status} ${peer.reason}` : !guard.hasToken(request) ? '401 Unauthorized' : undefined;
    if (refusal !== undefined) {
      options.log('warn', `web host: refused an event socket (${refusal})`);
      socket.end(`HTTP/1.1 ${refusal}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    sockets.accept(request, socket, head);
  });

  const origin = `http://${HOST}:${port}`;
  return {
    origin,
    url: `${origin}/?token=${token}`,
    token,
    async close() {
      unsubscribe();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function handleRequest(request: IncomingMessage, response: ServerResponse, context: WebHostOptions & { guard: RequestGuard; token: string }): Promise<void> {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
  const { guard } = context;
  const url = new URL(request.url ?? '/', `http://${HOST}`);

  const peer = guard.checkPeer(request, { requireOrigin: false });
  if (!peer.ok) return replyError(response, peer.status, forbidden(peer.reason));

  if (url.searchParams.has('token')) {
    if (request.method !== 'GET' || !guard.isToken(url.searchParams.get('token'))) return replyError(response, 401, forbidden('wrong token'));
    url.searchParams.delete('token');
    // The token goes into a cookie the page cannot read, and out of the address bar and history.
    response.writeHead(303, {
      'set-cookie': `${guard.cookieName}=${context.token}; HttpOnly; SameSite=Strict; Path=/`,
      location: url.pathname + url.search,
    });
    return void response.end();
  }
  if (!guard.hasToken(request)) return replyError(response, 401, forbidden('this address needs the token printed when the web host started'));

  if (url.pathname.startsWith(WEB_INVOKE_PATH)) return invoke(request, response, url.pathname.slice(WEB_INVOKE_PATH.length), context);
  if (url.pathname === WEB_STAGE_PATH) return stage(request, response, url, context);
  if (request.method !== 'GET' && request.method !== 'HEAD') return replyError(response, 405, forbidden(`${request.method} is not allowed here`));
  return serveRendererFile(context.rendererDir, url.pathname, response);
}

async function invoke(request: IncomingMessage, response: ServerResponse, channel: string, context: WebHostOptions): Promise<void> {
  if (request.method !== 'POST') return replyError(response, 405, forbidden('calls are POSTed'));
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return replyError(response, 415, forbidden('calls are JSON'));
  let args: unknown;
  try {
    const body = decodeWireJson(await readText(request, MAX_INVOKE_BODY));
    args = typeof body === 'object' && body !== null ? (body as { args?: unknown }).args : undefined;
  } catch (error) {
    const tooLarge = error instanceof BodyTooLarge;
    return replyError(response, tooLarge ? 413 : 400, { code: IPC_ERROR_CODES.invalidArguments, message: tooLarge ? error.message : 'the body is not JSON', retryable: false });
  }
  replyAnswer(request, response, await context.dispatcher.invoke(channel, args));
}

async function stage(request: IncomingMessage, response: ServerResponse, url: URL, context: WebHostOptions): Promise<void> {
  if (request.method !== 'POST') return replyError(response, 405, forbidden('files are POSTed'));
  const name = url.searchParams.get('name');
  if (name === null || name === '') return replyError(response, 400, { code: IPC_ERROR_CODES.invalidArguments, message: 'name the file: /stage?name=<file name>', retryable: false });
  try {
    const path = await stageUpload(request, context.stageDir, name, LIMITS.fileBytes);
    replyJson(response, 200, { ok: true, value: { path } });
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    replyError(response, 413, { code: 'too_large', message: `${name} is over the 100 MB limit`, retryable: false });
  }
}

function pathOf(request: IncomingMessage): string {
  return new URL(request.url ?? '/', `http://${HOST}`).pathname;
}
