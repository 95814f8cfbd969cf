import { z } from 'zod';
import { Done, NoArgs, invokeSpec } from '../invoke-spec.js';
import { IpcError } from '../ipc-error.js';

/** Cloud hosts of the service (interface notes); any other https URL is a private deployment. */
export const CLOUD_SERVERS = ['https://docflow.textin.com', 'https://docflow.textin.ai'] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A server origin: https, or plain http on this computer only (credentials never cross a network in clear). */
export const ServerUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine((text) => {
    const url = new URL(text);
    return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
  }, 'must use https (plain http only on 127.0.0.1 or localhost)')
  .refine((text) => {
    const url = new URL(text);
    return url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  }, 'must not carry user info, a query or a fragment')
  .transform((text) => new URL(text).origin + new URL(text).pathname.replace(/\/+$/, ''));

export const LocalServer = z.object({ kind: z.literal('local') });
export const CloudServer = z.object({ kind: z.literal('cloud'), baseUrl: ServerUrl });
export const ServerRef = z.discriminatedUnion('kind', [LocalServer, CloudServer]);
export type ServerRef = z.infer<typeof ServerRef>;

/** How requests prove the credentials: the secret in a header, or a signature made with it. */
export const AuthMode = z.enum(['headers', 'signature']);

const profileName = z.string().trim().min(1).max(80);
const enterpriseId = z.string().trim().min(1).max(64);

/** A profile as kept in the settings file: no app id, no secret (those live in the keychain). */
export const ProfileRecord = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/),
  name: profileName,
  server: ServerRef,
  auth: AuthMode,
  enterpriseId: enterpriseId.optional(),
  /** The workspace the clerk last chose on this server. */
  workspaceId: z.string().min(1).max(64).optional(),
  createdAt: z.iso.datetime(),
});
export type ProfileRecord = z.infer<typeof ProfileRecord>;

/** Where a profile's credentials are: the OS keychain, this session's memory only, or nowhere yet. */
export const CredentialPlace = z.enum(['keychain', 'session', 'missing']);
export type CredentialPlace = z.infer<typeof CredentialPlace>;

export const ProfileView = ProfileRecord.extend({ credentials: CredentialPlace });
export type ProfileView = z.infer<typeof ProfileView>;

/** Whether secrets can be kept across restarts; when not, the user is told why. */
export const KeychainStatus = z.object({
  available: z.boolean(),
  /** Why the keychain cannot be used, in words for the user; absent when available. */
  problem: z.string().optional(),
});
export type KeychainStatus = z.infer<typeof KeychainStatus>;

export const ProfilesState = z.object({
  activeProfileId: z.string(),
  profiles: z.array(ProfileView),
  keychain: KeychainStatus,
});
export type ProfilesState = z.infer<typeof ProfilesState>;

export const CredentialsInput = z.strictObject({
  appId: z.string().trim().min(1).max(256),
  secret: z.string().min(1).max(1024),
});
export type CredentialsInput = z.infer<typeof CredentialsInput>;

/** Without a keychain, credentials are kept only if the user agrees to keep them for this session. */
const sessionOnly = z.boolean().optional();

export const ProfileCreateArgs = z.strictObject({
  name: profileName,
  server: CloudServer,
  auth: AuthMode.default('headers'),
  enterpriseId: enterpriseId.optional(),
  credentials: CredentialsInput,
  sessionOnly,
});
export type ProfileCreateArgs = z.infer<typeof ProfileCreateArgs>;

export const ProfileUpdateArgs = z.strictObject({
  id: z.string().min(1),
  name: profileName.optional(),
  server: CloudServer.optional(),
  auth: AuthMode.optional(),
  /** null clears it. */
  enterpriseId: enterpriseId.nullable().optional(),
  workspaceId: z.string().min(1).max(64).optional(),
  credentials: CredentialsInput.optional(),
  sessionOnly,
});
export type ProfileUpdateArgs = z.infer<typeof ProfileUpdateArgs>;

export const ConnectionCheck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), workspaceCount: z.number().int() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);

const ProfileId = z.strictObject({ id: z.string().min(1) });

export const profileChannels = {
  'profiles.list': invokeSpec(NoArgs, ProfilesState),
  'profiles.create': invokeSpec(ProfileCreateArgs, ProfileView),
  'profiles.update': invokeSpec(ProfileUpdateArgs, ProfileView),
  /** The local engine's profile cannot be deleted. */
  'profiles.delete': invokeSpec(ProfileId, Done),
  'profiles.activate': invokeSpec(ProfileId, ProfilesState),
  /** Tries the profile's server with its credentials (lists workspaces). */
  'profiles.check': invokeSpec(ProfileId, ConnectionCheck),
} as const;
