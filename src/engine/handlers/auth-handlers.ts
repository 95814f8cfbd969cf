import type { DetailTokens } from '../detail-pages/detail-token.js';
import type { Handlers } from '../http/handler.js';

/** GET /auth/token: checked with the app id and secret like every route, it answers a token for the detail pages only. */
export function createAuthHandlers(tokens: DetailTokens): Pick<Handlers, 'authToken'> {
  return { authToken: () => tokens.issue() };
}
