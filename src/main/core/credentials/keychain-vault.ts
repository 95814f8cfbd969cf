import { randomBytes } from 'node:crypto';
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import type { SecretVault } from './secret-vault.js';

// On Linux the library would otherwise fall back to the kernel keyring, which forgets everything at
// logout: that is not a keychain, and the user must be told instead.
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

/** The OS keychain (Keychain on macOS, Credential Manager on Windows, Secret Service on Linux). */
export class KeychainVault implements SecretVault {
  constructor(private readonly service: string) {}

  async read(account: string): Promise<string | null> {
    return this.entry(account).getPassword();
  }

  async write(account: string, secret: string): Promise<void> {
    await this.entry(account).setPassword(secret);
  }

  async remove(account: string): Promise<boolean> {
    return this.entry(account).deleteCredential();
  }

  private entry(account: string): AsyncEntry {
    return new AsyncEntry(this.service, account, ENTRY_OPTIONS);
  }
}

export type KeychainProbe = { available: true; vault: SecretVault } | { available: false; problem: string };

/**
 * Writes, reads back and removes a throwaway entry: a keychain that is missing, locked or refuses
 * writes (no D-Bus session, no Secret Service, a headless session) fails here, not later.
 */
export async function probeKeychain(service: string): Promise<KeychainProbe> {
  const vault = new KeychainVault(service);
  const account = `probe-${randomBytes(6).toString('hex')}`;
  const value = randomBytes(12).toString('hex');
  try {
    await vault.write(account, value);
    const readBack = await vault.read(account);
    await vault.remove(account);
    if (readBack !== value) return { available: false, problem: 'the keychain did not give back what was stored in it' };
    return { available: true, vault };
  } catch (error) {
    return { available: false, problem: keychainProblem(error) };
  }
}

function keychainProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/DBUS_SESSION_BUS_ADDRESS|D-?Bus/i.test(message)) return `no Secret Service is reachable (${message})`;
  return message;
}
