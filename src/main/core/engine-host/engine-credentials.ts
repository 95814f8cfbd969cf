import { randomBytes } from 'node:crypto';
import type { CredentialStore, StoredCredentials } from '../credentials/index.js';

/** The credential store's owner name of the local engine's credentials. */
export const ENGINE_CREDENTIALS_OWNER = 'local-engine';

/**
 * The engine's credentials, generated on first run and kept in the keychain (or for this session
 * when there is none: the engine's data does not depend on them, so new ones next time are fine).
 */
export async function loadOrCreateEngineCredentials(store: CredentialStore): Promise<StoredCredentials> {
  const existing = await store.load(ENGINE_CREDENTIALS_OWNER);
  if (existing !== undefined) return existing;
  const generated = { appId: `docket-${randomBytes(6).toString('hex')}`, secret: randomBytes(32).toString('base64url') };
  await store.save(ENGINE_CREDENTIALS_OWNER, generated, { generated: true });
  return generated;
}
