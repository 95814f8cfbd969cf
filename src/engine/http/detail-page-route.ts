import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { detailDocument, fileDetailBody, reviewDetailBody } from '../detail-pages/detail-page-html.js';
import { DETAIL_PAGE_PREFIX, TOKEN_ROUTE } from '../detail-pages/detail-links.js';
import type { DetailTokens } from '../detail-pages/detail-token.js';
import type { EngineDeps } from '../engine-deps.js';
import type { PageImageLinks } from '../page-images/page-image-links.js';
import { reviewTaskResult } from '../review/task-result.js';
import { fetchFiles } from '../store/file-store.js';
import { requireWorkspace } from '../store/workspace-store.js';
import { EngineError, unknownId } from './engine-error.js';
import { sideListener } from './side-listener.js';

export interface DetailPageRouteOptions {
  deps: EngineDeps;
  tokens: DetailTokens;
  links: PageImageLinks;
  origin: () => string;
  log: (line: string) => void;
}

/**
 * GET /task-detail/file|review?workspace_id=&task_id=&token=: a read-only page of one task, opened with
 * a token from GET /auth/token (an iframe cannot send the API's headers). Every text is escaped and the
 * CSP allows nothing but the page's own style and the engine's page images.
 */
export function createDetailPageRoute(options: DetailPageRouteOptions) {
  return sideListener('detail page', options.log, (req, res) => answer(req, res, options));
}

function answer(req: IncomingMessage, res: ServerResponse, options: DetailPageRouteOptions): void {
  if (req.method !== 'GET') throw new EngineError('methodNotAllowed', `${req.method} is not allowed on detail pages; use GET`);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (!options.tokens.valid(url.searchParams.get('token'))) throw new EngineError('badToken', `this detail page needs a valid token: ask GET ${TOKEN_ROUTE} for one`);
  const workspaceId = url.searchParams.get('workspace_id') ?? '';
  const taskId = url.searchParams.get('task_id') ?? '';
  requireWorkspace(options.deps, workspaceId);
  const kind = url.pathname.slice(DETAIL_PAGE_PREFIX.length);
  const nonce = randomBytes(16).toString('base64');
  const html = detailDocument(`task ${taskId}`, bodyOf(kind, workspaceId, taskId, options), nonce);
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': `default-src 'none'; img-src 'self'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'`,
    'x-content-type-options': 'nosniff',
    // The token is in the address: never sent on to another site.
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(html);
}

function bodyOf(kind: string, workspaceId: string, taskId: string, options: DetailPageRouteOptions): string {
  const { deps, links } = options;
  if (kind === 'review') return reviewDetailBody(reviewTaskResult(deps, workspaceId, taskId));
  if (kind !== 'file') throw new EngineError('unknownRoute', `no detail page '${kind}'; there are file and review`);
  const origin = options.origin();
  const file = fetchFiles(deps, { workspace_id: workspaceId, task_id: taskId }, origin, (fileId, page) => links.urlOf(origin, fileId, page)).files?.[0];
  if (!file) throw unknownId('task', taskId);
  return fileDetailBody(file);
}
