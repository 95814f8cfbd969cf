import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineDeps } from './engine-deps.js';
import type { EngineCredentials } from './http/auth.js';
import { createPageImageRoute } from './http/page-image-route.js';
import { createRouter } from './http/router.js';
import { ERROR_CODES } from './http/engine-error.js';
import { JobQueue } from './jobs/job-queue.js';
import { BlobStore } from './store/blob-store.js';
import { openEngineDb } from './store/database.js';
import { IdGenerator } from './store/ids.js';
import { ensureDefaultWorkspace } from './store/workspace-store.js';
import { createWorkspaceHandlers } from './handlers/workspace-handlers.js';
import { createCategoryHandlers } from './handlers/category-handlers.js';
import { createFileHandlers } from './handlers/file-handlers.js';
import { createSplitHandlers } from './handlers/split-handlers.js';
import { createReviewHandlers } from './handlers/review-handlers.js';
import { createCategoryConfigHandlers } from './handlers/category-config-handlers.js';
import { createAuthHandlers } from './handlers/auth-handlers.js';
import { createDetailPageRoute } from './http/detail-page-route.js';
import { DETAIL_PAGE_PREFIX } from './detail-pages/detail-links.js';
import { createDetailTokens } from './detail-pages/detail-token.js';
import { DEFAULT_LINK_LIMITS } from './links/link-download.js';
import { DEFAULT_DELIVERY } from './callbacks/callback-delivery.js';
import { createWorkspaceCallbacks, notifyingRunner } from './callbacks/workspace-callbacks.js';
import { createFileProcessor } from './pipeline/file-processor.js';
import { loadOrCreateImageSecret } from './page-images/image-secret.js';
import { DEFAULT_IMAGE_CACHE_BYTES, PageImageCache } from './page-images/page-image-cache.js';
import { DEFAULT_IMAGE_TTL_SECONDS, PAGE_IMAGE_PREFIX, createImageLinks } from './page-images/page-image-links.js';
import { OcrPool } from './pipeline/read/ocr/ocr-pool.js';
import { createReviewRunner } from './review/review-runner.js';
import type { DeskLanguage } from './starter/desk-language.js';
import { seedStarterContent } from './starter/seed.js';
import { starterWorkspace } from './starter/starter-workspace.js';

export interface EngineOptions {
  dataDir: string;
  credentials: EngineCredentials;
  /** 0 picks a free port. */
  port?: number;
  concurrency?: number;
  /** Seed the default workspace with the starter categories on the first start (default true). */
  starter?: boolean;
  /** The language of the desk creating the data folder (default English): the first workspace and the starter content are named in it. */
  language?: DeskLanguage;
  log?: (line: string) => void;
  /** The engine's clock (default Date.now): benchmarks and tests pin "today" with it. */
  now?: () => number;
  /** Page image links (file/fetch with_image_url): how long they stay valid, and the disk the rendered pages may take. */
  pageImages?: { ttlSeconds?: number | undefined; cacheBytes?: number | undefined };
  /**
   * Upload links and workspace callbacks: whether loopback and private addresses may be reached (off
   * by default; tests turn it on), a link's download time, and the wait before a callback's first retry.
   */
  outbound?: { allowPrivate?: boolean | undefined; linkTimeoutMs?: number | undefined; linkMaxBytes?: number | undefined; callbackBackoffMs?: number | undefined };
  /** Stand in for the cloud service: no XML reader (cloud-stand-in.ts). Off by default. */
  cloudStandIn?: boolean;
}

export interface RunningEngine {
  origin: string;
  deps: EngineDeps;
  close(): Promise<void>;
}

/** Requests Node cannot even parse still get an envelope, never a bare connection close. */
function answerUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const kind = tooLarge ? 'overLimit' : 'invalidMember';
  const body = JSON.stringify({ code: ERROR_CODES[kind].code, msg: tooLarge ? 'over a limit: the request line and headers are too large' : `malformed HTTP request (${error.code ?? error.message})` });
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/** The engine binds to loopback only: it holds credentials and documents. */
const HOST = '127.0.0.1';

export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const tempDir = join(options.dataDir, 'tmp');
  await rm(tempDir, { recursive: true, force: true });
  await mkdir(tempDir, { recursive: true });
  const blobs = new BlobStore(join(options.dataDir, 'originals'));
  await blobs.init();
  const db = openEngineDb(join(options.dataDir, 'engine.sqlite'));
  const queue = new JobQueue(db, options.concurrency ?? 2);
  const deps: EngineDeps = { db, ids: new IdGenerator(), blobs, queue, tempDir, now: options.now ?? Date.now, log, cloudStandIn: options.cloudStandIn ?? false };
  const language = options.language ?? 'en';
  ensureDefaultWorkspace(deps, starterWorkspace(language));
  if (options.starter ?? true) await seedStarterContent(deps, language);
  const ocr = new OcrPool();
  const outbound = options.outbound ?? {};
  const allowPrivate = outbound.allowPrivate ?? false;
  const callbacks = createWorkspaceCallbacks(deps, { ...DEFAULT_DELIVERY, allowPrivate, backoffMs: outbound.callbackBackoffMs ?? DEFAULT_DELIVERY.backoffMs, log });
  queue.register('process_file', notifyingRunner(createFileProcessor(deps, ocr), (job) => callbacks.fileJobEnded(job.subject)));
  queue.register('review_task', notifyingRunner(createReviewRunner(deps), (job) => callbacks.reviewJobEnded(job.subject)));
  const linkLimits = { ...DEFAULT_LINK_LIMITS, allowPrivate, timeoutMs: outbound.linkTimeoutMs ?? DEFAULT_LINK_LIMITS.timeoutMs, maxBytes: outbound.linkMaxBytes ?? DEFAULT_LINK_LIMITS.maxBytes };
  const secret = await loadOrCreateImageSecret(options.dataDir);
  const tokens = createDetailTokens(secret, deps.now);
  const links = createImageLinks({ secret, ttlSeconds: options.pageImages?.ttlSeconds ?? DEFAULT_IMAGE_TTL_SECONDS, now: deps.now });
  const imageCache = new PageImageCache(join(options.dataDir, 'page-images'), options.pageImages?.cacheBytes ?? DEFAULT_IMAGE_CACHE_BYTES);
  await imageCache.init();

  let origin = '';
  const router = createRouter({
    handlers: {
      ...createWorkspaceHandlers(deps),
      ...createCategoryHandlers(deps, ocr),
      ...createCategoryConfigHandlers(deps),
      ...createFileHandlers(deps, links, linkLimits),
      ...createReviewHandlers(deps),
      ...createAuthHandlers(tokens),
      ...createSplitHandlers(deps),
    },
    credentials: options.credentials,
    tempDir,
    origin: () => origin,
    log,
    pageImages: { prefix: PAGE_IMAGE_PREFIX, listener: createPageImageRoute({ deps, links, cache: imageCache, renderer: ocr, log }) },
    detailPages: { prefix: DETAIL_PAGE_PREFIX, listener: createDetailPageRoute({ deps, tokens, links, origin: () => origin, log }) },
  });
  const server = createServer({ requestTimeout: 10 * 60_000 }, router);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerUnparsable(error, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, resolve);
  });
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  queue.start();

  return {
    origin,
    deps,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // Closing the OCR pool ends pages in flight; their jobs are queued again for the next start.
      const stopped = queue.stop();
      await ocr.close();
      // Callbacks still being retried are not waited for: a stop stays quick, and they are not kept across starts.
      await stopped;
      db.close();
    },
  };
}
