import type { SecretVault } from './secret-vault.js';

/** Session-only: gone when the app quits. Used when no keychain is available and the user agreed. */
export class MemoryVault implements SecretVault {
  readonly #secrets = new Map<string, string>();

  async read(account: string): Promise<string | null> {
    return this.#secrets.get(account) ?? null;
  }

  async write(account: string, secret: string): Promise<void> {
    this.#secrets.set(account, secret);
  }

  async remove(account: string): Promise<boolean> {
    return this.#secrets.delete(account);
  }
}
