import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../http/auth.js';

/** What a page image URL grants: one page of one file until `expires` (epoch seconds). */
export interface ImageGrant {
  fileId: string;
  page: number;
  expires: number;
}

export type GrantCheck = { ok: true } | { ok: false; reason: 'altered' | 'expired' };

/** The URL's signature: HMAC-SHA256 of the grant under the engine's image secret (never the API secret), base64url. */
export function signGrant(secret: Buffer, grant: ImageGrant): string {
  // A fixed prefix keeps these MACs apart from anything else the secret might ever sign.
  return createHmac('sha256', secret).update(`docket-page-image\n${grant.fileId}\n${grant.page}\n${grant.expires}`).digest('base64url');
}

/** The signature is checked first (in constant time), so that a changed expiry reads as altered, not as expired. */
export function checkGrant(secret: Buffer, grant: ImageGrant, signature: string, nowMs: number): GrantCheck {
  if (!constantTimeEqual(signature, signGrant(secret, grant))) return { ok: false, reason: 'altered' };
  if (nowMs >= grant.expires * 1000) return { ok: false, reason: 'expired' };
  return { ok: true };
}
