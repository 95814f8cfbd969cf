import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EngineDeps } from '../engine-deps.js';
import type { PageImageCache } from '../page-images/page-image-cache.js';
import type { PageImageLinks } from '../page-images/page-image-links.js';
import { planPageImage, type PageImagePlan } from '../page-images/page-image-plan.js';
import type { PageRenderer } from '../pipeline/read/ocr/ocr-pool.js';
import { ProcessingFailure } from '../pipeline/document/parsed-document.js';
import { EngineError } from './engine-error.js';
import { sideListener } from './side-listener.js';

export interface PageImageRouteOptions {
  deps: EngineDeps;
  links: PageImageLinks;
  cache: PageImageCache;
  renderer: PageRenderer;
  log: (line: string) => void;
}

const LOOPBACK = new Set(['127.0.0.1', '::ffff:127.0.0.1', '::1']);

/**
 * GET /page-images/<file id>/<page>?expires=&sig=: the page's picture for an `<img>`. The signed link is
 * the credential (no API headers), so it is checked before anything is looked up; pictures are drawn
 * in the page workers and kept in the bounded disk cache.
 */
export function createPageImageRoute(options: PageImageRouteOptions) {
  const drawing = new Map<string, Promise<Uint8Array>>();
  const picture = async (plan: PageImagePlan): Promise<Uint8Array> => {
    const cached = await options.cache.get(plan.cacheKey);
    if (cached) return cached;
    // One drawing per picture however many requests ask for it at once.
    let pending = drawing.get(plan.cacheKey);
    if (!pending) {
      pending = draw(options, plan).finally(() => drawing.delete(plan.cacheKey));
      drawing.set(plan.cacheKey, pending);
    }
    return pending;
  };

  return sideListener('page image', options.log, (req, res) => answer(req, res, options, picture));
}

async function answer(req: IncomingMessage, res: ServerResponse, options: PageImageRouteOptions, picture: (plan: PageImagePlan) => Promise<Uint8Array>): Promise<void> {
  if (req.method !== 'GET') {
    res.setHeader('allow', 'GET');
    throw new EngineError('methodNotAllowed', `${req.method} is not allowed on page images; use GET`);
  }
  // The engine listens on loopback only; this holds even if that ever changed.
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) throw new EngineError('imageLinkRefused', 'page images are served to this computer only');
  const link = options.links.check(req.url ?? '');
  if (!link.ok) throw new EngineError('imageLinkRefused', link.message);
  const plan = planPageImage(options.deps, link.grant.fileId, link.grant.page);
  const bytes = await picture(plan);
  const maxAge = Math.max(0, link.grant.expires - Math.ceil(options.deps.now() / 1000));
  res.writeHead(200, {
    'content-type': plan.contentType,
    'content-length': bytes.byteLength,
    // A clerk's documents: the browser may keep them, shared caches may not.
    'cache-control': `private, max-age=${maxAge}`,
    'x-content-type-options': 'nosniff',
  });
  res.end(bytes);
}

async function draw(options: PageImageRouteOptions, plan: PageImagePlan): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await options.renderer.render(plan.task);
  } catch (error) {
    if (error instanceof ProcessingFailure) throw new EngineError('noPageImage', `the page cannot be drawn: ${error.message}`);
    throw error;
  }
  await options.cache.put(plan.cacheKey, bytes);
  return bytes;
}
