import { describe, expect, it } from 'vitest';
import { CREDENTIAL_ERROR_CODES, CredentialStore, MemoryVault, type KeychainProbe } from '../../../../../src/main/core/credentials/index.js';
import { loadOrCreateEngineCredentials } from '../../../../../src/main/core/engine-host/index.js';
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-failure.js';

// The real OS keychain is exercised in test/keychain; here a vault in memory stands in for it
// so the store's own rules (consent, precedence, unreadable entries) are checked on any machine.
const NO_KEYCHAIN: KeychainProbe = { available: false, problem: 'no Secret Service is reachable' };
const CREDENTIALS = { appId: 'app-1', secret: 'secret-1' };

function withKeychain(): { store: CredentialStore; vault: MemoryVault } {
  const vault = new MemoryVault();
  return { store: new CredentialStore({ available: true, vault }), vault };
}

describe('credential store without a keychain', () => {
  it('tells the user why, and that credentials can be kept for the session only', () => {
    const status = new CredentialStore(NO_KEYCHAIN).status();
    expect(status.available).toBe(false);
    expect(status.problem).toContain('no Secret Service is reachable');
    expect(status.problem).toContain('this session only');
  });

  it('refuses to keep typed credentials without the user agreeing to session-only', async () => {
    const store = new CredentialStore(NO_KEYCHAIN);
    const refused = await store.save('p1', CREDENTIALS).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IpcFailure);
    expect((refused as IpcFailure).toPlain()).toMatchObject({ code: CREDENTIAL_ERROR_CODES.keychainUnavailable, retryable: false });
    expect(await store.place('p1')).toBe('missing');
  });

  it('keeps them in memory with consent, and forgets them on remove', async () => {
    const store = new CredentialStore(NO_KEYCHAIN);
    expect(await store.save('p1', CREDENTIALS, { sessionOnly: true })).toBe('session');
    expect(await store.load('p1')).toEqual(CREDENTIALS);
    expect(await store.place('p1')).toBe('session');
    await store.remove('p1');
    expect(await store.load('p1')).toBeUndefined();
  });

  it("keeps the engine's generated credentials for the session without asking", async () => {
    const store = new CredentialStore(NO_KEYCHAIN);
    const first = await loadOrCreateEngineCredentials(store);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateEngineCredentials(store)).toEqual(first);
  });
});

describe('credential store with a keychain', () => {
  it('keeps credentials in the keychain, one JSON entry per owner', async () => {
    const { store, vault } = withKeychain();
    expect(await store.save('p1', CREDENTIALS, { sessionOnly: true })).toBe('keychain');
    expect(JSON.parse((await vault.read('p1'))!)).toEqual(CREDENTIALS);
    expect(await store.place('p1')).toBe('keychain');
  });

  it('reports an unreadable entry as a plain error that does not echo what was stored', async () => {
    const { store, vault } = withKeychain();
    await vault.write('p1', 'not json: hunter2');
    const error = await store.load('p1').catch((e: unknown) => e);
    expect((error as IpcFailure).toPlain().code).toBe(CREDENTIAL_ERROR_CODES.keychainFailed);
    expect((error as IpcFailure).message).not.toContain('hunter2');
  });

  it('turns a keychain failure into a retryable plain error', async () => {
    const broken = { read: async () => Promise.reject(new Error('collection is locked')), write: async () => undefined, remove: async () => false };
    const store = new CredentialStore({ available: true, vault: broken });
    const error = (await store.load('p1').catch((e: unknown) => e)) as IpcFailure;
    expect(error.toPlain()).toEqual({ code: CREDENTIAL_ERROR_CODES.keychainFailed, message: 'the keychain refused: collection is locked', retryable: true });
  });
});
