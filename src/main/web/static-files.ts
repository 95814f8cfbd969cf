import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

/** The renderer build, read from disk; any unknown path gets index.html (a single page). */
export async function serveRendererFile(root: string, urlPath: string, response: ServerResponse): Promise<void> {
  const base = resolve(root);
  const wanted = resolve(join(base, safeDecode(urlPath)));
  const fromBase = relative(base, wanted);
  const inside = !fromBase.startsWith('..') && !isAbsolute(fromBase);
  const file = inside && (await isFile(wanted)) ? wanted : join(base, 'index.html');
  if (!(await isFile(file))) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('The renderer is not built: run `npm run build` first.\n');
    return;
  }
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  response.writeHead(200, {
    'content-type': type,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    // Hashed asset names change with every build; the page itself must never be cached.
    'cache-control': file.includes(`${sep}assets${sep}`) ? 'private, max-age=31536000, immutable' : 'no-store',
  });
  createReadStream(file).pipe(response);
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '/';
  }
}
