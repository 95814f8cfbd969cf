import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialStore, KeychainVault, probeKeychain } from '../../src/main/core/credentials/index.js';
import { ensureSecretService, type SecretService } from './secret-service.js';

const SERVICE = `Docket-test-${randomBytes(4).toString('hex')}`;
let secretService: SecretService;

beforeAll(async () => {
  secretService = await ensureSecretService();
});

afterAll(() => secretService.stop());

/** Another process reading the OS keychain: the entry lives there, not in this process's memory. */
function readFromAnotherProcess(service: string, account: string): string {
  const script = `const { Entry } = require('@napi-rs/keyring'); process.stdout.write(String(new Entry(${JSON.stringify(service)}, ${JSON.stringify(account)}).getPassword()));`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: process.env });
  if (child.status !== 0) throw new Error(child.stderr);
  return child.stdout;
}

describe('the OS keychain (Secret Service through gnome-keyring)', () => {
  it('is found by the probe, which leaves no entry behind', async () => {
    const probe = await probeKeychain(SERVICE);
    expect(probe.available).toBe(true);
  });

  it('stores, reads back and removes an entry, visible to other processes', async () => {
    const vault = new KeychainVault(SERVICE);
    await vault.write('account-1', 'value-1');
    expect(await vault.read('account-1')).toBe('value-1');
    expect(readFromAnotherProcess(SERVICE, 'account-1')).toBe('value-1');
    expect(await vault.remove('account-1')).toBe(true);
    expect(await vault.read('account-1')).toBeNull();
    expect(await vault.remove('account-1')).toBe(false);
  });

  it('keeps credentials across a restart of the app (a new store, a new probe)', async () => {
    const credentials = { appId: 'keychain-app', secret: `s-${randomBytes(12).toString('hex')}` };
    const first = new CredentialStore(await probeKeychain(SERVICE));
    expect(first.status()).toEqual({ available: true });
    expect(await first.save('profile-1', credentials)).toBe('keychain');

    const afterRestart = new CredentialStore(await probeKeychain(SERVICE));
    expect(await afterRestart.load('profile-1')).toEqual(credentials);
    expect(await afterRestart.place('profile-1')).toBe('keychain');
    expect(JSON.parse(readFromAnotherProcess(SERVICE, 'profile-1'))).toEqual(credentials);

    await afterRestart.remove('profile-1');
    expect(await first.place('profile-1')).toBe('missing');
  });
});
