import { z } from 'zod';
import { IpcFailure } from '../../../shared/ipc/ipc-failure.js';
import type { CredentialPlace, KeychainStatus } from '../../../shared/ipc/channels/profiles.js';
import { MemoryVault } from './memory-vault.js';
import type { KeychainProbe } from './keychain-vault.js';
import type { SecretVault } from './secret-vault.js';

/** App id and secret of one server, as kept in a vault (one JSON entry per owner). */
export const StoredCredentials = z.object({ appId: z.string().min(1), secret: z.string().min(1) });
export type StoredCredentials = z.infer<typeof StoredCredentials>;

export const CREDENTIAL_ERROR_CODES = {
  keychainUnavailable: 'KEYCHAIN_UNAVAILABLE',
  keychainFailed: 'KEYCHAIN_FAILED',
} as const;

export interface SaveOptions {
  /** Without a keychain: the user agreed to keep the credentials until the app quits. */
  sessionOnly?: boolean | undefined;
  /** Credentials the app made itself (the local engine's): no consent needed to keep them in memory. */
  generated?: boolean | undefined;
}

/**
 * Credentials by owner (a profile id, or the local engine). The keychain when there is one;
 * otherwise memory for this session, and only with the user's consent for credentials they typed.
 */
export class CredentialStore {
  readonly #session = new MemoryVault();
  readonly #keychain: SecretVault | undefined;
  readonly #status: KeychainStatus;

  /** @param onSecret told of every secret handled, so that logs can mask it */
  constructor(
    probe: KeychainProbe,
    private readonly onSecret: (secret: string) => void = () => undefined,
  ) {
    this.#keychain = probe.available ? probe.vault : undefined;
    this.#status = probe.available
      ? { available: true }
      : {
          available: false,
          problem: `No keychain is available: ${probe.problem}. Credentials can be kept for this session only and must be entered again after a restart.`,
        };
  }

  status(): KeychainStatus {
    return this.#status;
  }

  async save(owner: string, credentials: StoredCredentials, options: SaveOptions = {}): Promise<CredentialPlace> {
    const text = JSON.stringify(StoredCredentials.parse(credentials));
    this.onSecret(credentials.secret);
    const keychain = this.#keychain;
    if (keychain !== undefined) {
      await this.guard(() => keychain.write(owner, text));
      await this.#session.remove(owner);
      return 'keychain';
    }
    if (!options.sessionOnly && !options.generated) {
      throw new IpcFailure({ code: CREDENTIAL_ERROR_CODES.keychainUnavailable, message: this.#status.problem ?? 'no keychain is available', retryable: false });
    }
    await this.#session.write(owner, text);
    return 'session';
  }

  async load(owner: string): Promise<StoredCredentials | undefined> {
    const text = (await this.#session.read(owner)) ?? (await this.fromKeychain(owner));
    if (text === null) return undefined;
    const parsed = StoredCredentials.safeParse(safeJson(text));
    if (!parsed.success) {
      throw new IpcFailure({ code: CREDENTIAL_ERROR_CODES.keychainFailed, message: `the stored credentials of ${owner} are unreadable; enter them again`, retryable: false });
    }
    this.onSecret(parsed.data.secret);
    return parsed.data;
  }

  async place(owner: string): Promise<CredentialPlace> {
    if ((await this.#session.read(owner)) !== null) return 'session';
    if ((await this.fromKeychain(owner)) !== null) return 'keychain';
    return 'missing';
  }

  async remove(owner: string): Promise<void> {
    await this.#session.remove(owner);
    const keychain = this.#keychain;
    if (keychain !== undefined) await this.guard(() => keychain.remove(owner));
  }

  private async fromKeychain(owner: string): Promise<string | null> {
    const keychain = this.#keychain;
    return keychain === undefined ? null : this.guard(() => keychain.read(owner));
  }

  /** Keychain failures (locked, denied) become plain errors that say what happened, never what was stored. */
  private async guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new IpcFailure({ code: CREDENTIAL_ERROR_CODES.keychainFailed, message: `the keychain refused: ${message}`, retryable: true });
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
