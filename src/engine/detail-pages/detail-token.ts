import { createHmac } from 'node:crypto';
import { TOKEN_LIFETIME_SECONDS, type TokenResult } from '../../shared/api/index.js';
import { constantTimeEqual } from '../http/auth.js';

/** Keeps a token from being read as any other signed thing of the engine (page image links share the secret). */
const PURPOSE = 'docket-detail-token\n';

export interface DetailTokens {
  issue(): TokenResult;
  /** Whether the token is one of ours and not expired. */
  valid(token: string | null): boolean;
}

/**
 * GET /auth/token: `<expiry>.<hmac>`, stateless and valid one day. It opens the read-only detail pages
 * and nothing else: the API itself keeps requiring the app id and secret.
 */
export function createDetailTokens(secret: Buffer, now: () => number): DetailTokens {
  const sign = (expiry: number) => createHmac('sha256', secret).update(`${PURPOSE}${expiry}`).digest('base64url');
  return {
    issue() {
      const expiry = Math.floor(now() / 1000) + TOKEN_LIFETIME_SECONDS;
      return { token: `${expiry}.${sign(expiry)}`, expiry };
    },
    valid(token) {
      const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token ?? '');
      if (!match) return false;
      const expiry = Number(match[1]);
      return constantTimeEqual(match[2]!, sign(expiry)) && expiry >= Math.floor(now() / 1000);
    },
  };
}
