import { z } from 'zod';

/** How long a token from GET /auth/token opens the read-only detail pages (published: one day). */
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** GET /auth/token: a short-lived token for embedding the task detail pages ("for iframe scenarios"); expiry in epoch seconds. */
export const TokenResult = z.looseObject({ token: z.string().min(1), expiry: z.number().int() });
export type TokenResult = z.infer<typeof TokenResult>;

/** GET /auth/token takes no parameters: any query is refused, as every route refuses what it does not read. */
export const TokenQuery = z.strictObject({});
