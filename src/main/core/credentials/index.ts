export { CredentialStore, CREDENTIAL_ERROR_CODES, StoredCredentials, type SaveOptions } from './credential-store.js';
export { KeychainVault, probeKeychain, type KeychainProbe } from './keychain-vault.js';
export { MemoryVault } from './memory-vault.js';
export type { SecretVault } from './secret-vault.js';
