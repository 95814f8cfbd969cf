import { z } from 'zod';
import { checkGrant, signGrant, type ImageGrant } from './image-token.js';

/** Page images are served beside the API, outside its route table: the published service hands out such URLs too. */
export const PAGE_IMAGE_PREFIX = '/page-images/';

/** Published image URLs expire after 30 days (api-notes.md); the engine's do the same by default. */
export const DEFAULT_IMAGE_TTL_SECONDS = 30 * 24 * 60 * 60;

// Checked on the raw request path, before any decoding or normalisation: '..', '%2F' and the like never match.
const PATH = /^\/page-images\/(\d{1,19})\/(\d{1,5})$/;
const Query = z.strictObject({
  expires: z.string().regex(/^\d{1,12}$/).transform(Number),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export type LinkCheck = { ok: true; grant: ImageGrant } | { ok: false; message: string };

export interface PageImageLinks {
  /** A signed URL for one page (0-based) of one file, valid for the configured time from now. */
  urlOf(origin: string, fileId: string, page: number): string;
  /** The grant of a request's raw URL (path and query as received), or why it grants nothing. */
  check(rawUrl: string): LinkCheck;
}

const FRESH_LINK = 'ask file/fetch with with_image_url=true for a fresh one';

export function createImageLinks(options: { secret: Buffer; ttlSeconds: number; now: () => number }): PageImageLinks {
  const { secret, ttlSeconds, now } = options;
  return {
    urlOf(origin, fileId, page) {
      const grant = { fileId, page, expires: Math.ceil(now() / 1000) + ttlSeconds };
      return `${origin}${PAGE_IMAGE_PREFIX}${fileId}/${page}?expires=${grant.expires}&sig=${signGrant(secret, grant)}`;
    },
    check(rawUrl) {
      const grant = parseLink(rawUrl);
      if (!grant.ok) return grant;
      const checked = checkGrant(secret, grant.grant, grant.sig, now());
      if (checked.ok) return { ok: true, grant: grant.grant };
      if (checked.reason === 'expired') return { ok: false, message: `this page image link expired at ${new Date(grant.grant.expires * 1000).toISOString()}; ${FRESH_LINK}` };
      return { ok: false, message: `this page image link does not match its signature: it was altered, or it is another file's or page's link; ${FRESH_LINK}` };
    },
  };
}

function parseLink(rawUrl: string): { ok: true; grant: ImageGrant; sig: string } | { ok: false; message: string } {
  const [path = '', search = ''] = splitOnce(rawUrl, '?');
  const match = PATH.exec(path);
  if (!match) return { ok: false, message: `not a page image link: the path must be ${PAGE_IMAGE_PREFIX}<file id>/<page> exactly as file/fetch answered it (no '..', no encoded characters)` };
  const params = new URLSearchParams(search);
  const names = [...params.keys()];
  const query = Query.safeParse(Object.fromEntries(params));
  if (new Set(names).size !== names.length || !query.success) return { ok: false, message: `this page image link is incomplete or altered: it takes exactly 'expires' and 'sig' as file/fetch answered them; ${FRESH_LINK}` };
  return { ok: true, grant: { fileId: match[1]!, page: Number(match[2]), expires: query.data.expires }, sig: query.data.sig };
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
