import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { API_PREFIX, ROUTES, ROUTE_NAMES, parseJsonLossless, type RouteName, type RouteSpec } from '../../shared/api/index.js';
import { checkCredentials, verifySignature, type EngineCredentials } from './auth.js';
import { EngineError, fromZodError, invalidMember } from './engine-error.js';
import type { Download, Handlers } from './handler.js';
import { discardFiles, readMultipart, type MultipartBody } from './multipart.js';

const MAX_JSON_BYTES = 10 * 1024 * 1024;

export interface RouterOptions {
  handlers: Handlers;
  credentials: EngineCredentials;
  tempDir: string;
  origin: () => string;
  log: (line: string) => void;
  /** Serves the signed page image links (page-images/), which live beside the API rather than in its table. */
  pageImages?: { prefix: string; listener: RequestListener };
  /** Serves the read-only task detail pages (with_task_detail_url), opened with a token instead of the API's headers. */
  detailPages?: { prefix: string; listener: RequestListener };
}

const byLabel = new Map<string, RouteName>(ROUTE_NAMES.map((name) => [`${ROUTES[name].method} ${ROUTES[name].path}`, name]));
const knownPaths = new Set<string>(ROUTE_NAMES.map((name) => ROUTES[name].path));

export function createRouter(options: RouterOptions) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    // Told apart on the raw path, before any normalisation: '/page-images/../x' stays a page image request (and is refused).
    if (options.pageImages && req.url?.startsWith(options.pageImages.prefix)) return void options.pageImages.listener(req, res);
    if (options.detailPages && req.url?.startsWith(options.detailPages.prefix)) return void options.detailPages.listener(req, res);
    const traceId = randomUUID();
    handle(req, res, options, traceId).catch((error: unknown) => {
      const engineError = error instanceof EngineError ? error : internal(error, options, traceId);
      sendError(res, engineError, traceId);
    });
  };
}

function internal(error: unknown, options: RouterOptions, traceId: string): EngineError {
  options.log(`internal error (trace ${traceId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new EngineError('internal', `internal error; trace id ${traceId}`);
}

async function handle(req: IncomingMessage, res: ServerResponse, options: RouterOptions, traceId: string): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const name = resolveRoute(req.method ?? 'GET', url.pathname);
  const spec: RouteSpec = ROUTES[name];
  const mode = checkCredentials(req.headers, options.credentials);

  const hash = createHash('sha256');
  const tapped = req.pipe(new Transform({ transform: (chunk: Buffer, _enc, done) => (hash.update(chunk), done(null, chunk)) }));
  // An upload route also takes a JSON body of links in place of its file parts.
  const byLinks = spec.links !== undefined && /^application\/json\b/i.test(req.headers['content-type'] ?? '');
  const multipart = spec.files && !byLinks ? await readMultipart(req, tapped, options.tempDir) : undefined;
  try {
    const raw = multipart ? undefined : await readAll(tapped);
    if (mode === 'signed') {
      await verifySignature({ headers: req.headers, method: spec.method, path: url.pathname, search: url.searchParams, bodySha256Hex: hash.digest('hex'), secret: options.credentials.secret });
    }
    const input = {
      query: spec.query ? validate(spec.query, Object.fromEntries(url.searchParams), 'query') : undefined,
      body: spec.body ? validate(spec.body, parseJsonBody(raw!), 'body') : undefined,
      parts: spec.parts && multipart ? validate(spec.parts, textParts(spec, multipart), 'body') : undefined,
      files: multipart ? checkFiles(spec, multipart) : [],
      links: byLinks ? validate(spec.links!, parseJsonBody(raw!), 'body') : undefined,
      origin: options.origin(),
    };
    const handler = options.handlers[name] as (input: unknown) => unknown;
    const output = await handler(input);
    if (spec.envelope === 'bytes') sendBytes(res, output as Download);
    else sendJson(res, 200, spec.envelope === 'data' ? { code: 200, data: output, msg: 'success', traceId } : { code: 200, msg: 'success', result: output ?? undefined, traceId });
  } finally {
    if (multipart) await discardFiles(multipart.files);
  }
}

function resolveRoute(method: string, pathname: string): RouteName {
  const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : undefined;
  const name = path === undefined ? undefined : byLabel.get(`${method} ${path}`);
  if (name) return name;
  if (path !== undefined && knownPaths.has(path)) throw new EngineError('methodNotAllowed', `${method} is not allowed on ${path}`);
  throw new EngineError('unknownRoute', `no endpoint ${method} ${pathname}; paths start with ${API_PREFIX}`);
}

function validate(schema: NonNullable<RouteSpec['body']>, value: unknown, where: string): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, where);
  return parsed.data;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) throw new EngineError('overLimit', `over a limit 'body': a JSON body may hold at most ${MAX_JSON_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw invalidMember('body', 'a JSON body is required');
  try {
    return parseJsonLossless(raw.toString('utf8'));
  } catch (error) {
    throw invalidMember('body', `not valid JSON (${(error as Error).message})`);
  }
}

/** Text parts as one object; JSON parts parsed, and repeated JSON parts concatenated into one array. */
function textParts(spec: RouteSpec, body: MultipartBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, values] of body.fields) {
    if (!spec.jsonParts?.includes(name)) {
      out[name] = values[values.length - 1];
      continue;
    }
    out[name] = values.flatMap((text) => {
      try {
        const value = parseJsonLossless(text);
        return Array.isArray(value) ? value : [value];
      } catch (error) {
        throw invalidMember(name, `not valid JSON (${(error as Error).message})`);
      }
    });
  }
  return out;
}

function checkFiles(spec: RouteSpec, body: MultipartBody) {
  const { part, min, max } = spec.files!;
  const stray = body.files.find((f) => f.part !== part);
  if (stray) throw invalidMember(stray.part, `unexpected file part; files go in '${part}'`);
  if (body.files.length < min) throw invalidMember(part, min === 1 ? 'a file is required' : `at least ${min} files are required`);
  if (body.files.length > max) throw new EngineError('overLimit', `over a limit '${part}': at most ${max} file(s)`);
  return body.files;
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendBytes(res: ServerResponse, download: Download): void {
  res.writeHead(200, {
    'content-type': download.contentType ?? 'application/octet-stream',
    'content-length': download.bytes.byteLength,
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(download.fileName)}`,
  });
  res.end(download.bytes);
}

export function sendError(res: ServerResponse, error: EngineError, traceId: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, error.httpStatus, { code: error.code, msg: error.message, traceId });
}
