/** Where secrets are kept: the OS keychain, or this process's memory for the session only. */
export interface SecretVault {
  read(account: string): Promise<string | null>;
  write(account: string, secret: string): Promise<void>;
  /** Resolves false when there was nothing to remove. */
  remove(account: string): Promise<boolean>;
}
