import { randomBytes } from 'node:crypto';
import { IpcFailure } from '../../../shared/ipc/ipc-failure.js';
import type {
  CredentialPlace,
  ProfileCreateArgs,
  ProfileRecord,
  ProfilesState,
  ProfileUpdateArgs,
  ProfileView,
} from '../../../shared/ipc/channels/profiles.js';
import type { CredentialStore, StoredCredentials } from '../credentials/index.js';
import { LOCAL_PROFILE_ID, type Settings } from './settings-file.js';
import type { SettingsStore } from './settings-store.js';

export const PROFILE_ERROR_CODES = {
  notFound: 'PROFILE_NOT_FOUND',
  localProfile: 'PROFILE_LOCAL',
  noCredentials: 'PROFILE_NO_CREDENTIALS',
} as const;

/** A profile with what is needed to talk to its server; never sent to the renderer. */
export interface ProfileConnection {
  profile: ProfileRecord;
  credentials: StoredCredentials;
}

export interface ProfileServiceOptions {
  settings: SettingsStore;
  credentials: CredentialStore;
  /** The local engine's own credentials (the engine host keeps them). */
  localCredentials: () => Promise<StoredCredentials>;
  now?: () => Date;
}

/** Profiles per server: records in the settings file, app id and secret in the credential store. */
export class ProfileService {
  readonly #listeners = new Set<(state: ProfilesState) => void>();

  constructor(private readonly options: ProfileServiceOptions) {}

  onChange(listener: (state: ProfilesState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async list(): Promise<ProfilesState> {
    const settings = this.options.settings.get();
    const profiles = await Promise.all(settings.profiles.map((profile) => this.view(profile)));
    return { activeProfileId: settings.activeProfileId, profiles, keychain: this.options.credentials.status() };
  }

  active(): ProfileRecord {
    const settings = this.options.settings.get();
    return findProfile(settings, settings.activeProfileId);
  }

  async create(args: ProfileCreateArgs): Promise<ProfileView> {
    const profile: ProfileRecord = {
      id: `cloud-${randomBytes(6).toString('hex')}`,
      name: args.name,
      server: args.server,
      auth: args.auth,
      ...(args.enterpriseId === undefined ? {} : { enterpriseId: args.enterpriseId }),
      createdAt: this.now().toISOString(),
    };
    // Credentials first: a profile whose secret could not be kept is not created at all.
    const place = await this.options.credentials.save(profile.id, args.credentials, { sessionOnly: args.sessionOnly });
    await this.options.settings.update((settings) => ({ ...settings, profiles: [...settings.profiles, profile] }));
    await this.changed();
    return { ...profile, credentials: place };
  }

  async update(args: ProfileUpdateArgs): Promise<ProfileView> {
    const current = findProfile(this.options.settings.get(), args.id);
    const isLocal = current.server.kind === 'local';
    if (isLocal && (args.server !== undefined || args.credentials !== undefined || args.auth !== undefined)) {
      throw new IpcFailure({ code: PROFILE_ERROR_CODES.localProfile, message: "the local engine's server and credentials are managed by the app", retryable: false });
    }
    if (args.credentials !== undefined) {
      await this.options.credentials.save(current.id, args.credentials, { sessionOnly: args.sessionOnly });
    }
    const { id: _id, credentials: _credentials, sessionOnly: _sessionOnly, enterpriseId, ...changes } = args;
    const updated: ProfileRecord = { ...current, ...definedMembers(changes) };
    if (enterpriseId === null) delete updated.enterpriseId;
    else if (enterpriseId !== undefined) updated.enterpriseId = enterpriseId;
    await this.options.settings.update((settings) => ({
      ...settings,
      profiles: settings.profiles.map((profile) => (profile.id === current.id ? updated : profile)),
    }));
    await this.changed();
    return this.view(updated);
  }

  async delete(id: string): Promise<void> {
    const profile = findProfile(this.options.settings.get(), id);
    if (profile.id === LOCAL_PROFILE_ID) {
      throw new IpcFailure({ code: PROFILE_ERROR_CODES.localProfile, message: "the local engine's profile cannot be deleted", retryable: false });
    }
    await this.options.settings.update((settings) => ({
      ...settings,
      activeProfileId: settings.activeProfileId === id ? LOCAL_PROFILE_ID : settings.activeProfileId,
      profiles: settings.profiles.filter((p) => p.id !== id),
    }));
    await this.options.credentials.remove(id);
    await this.changed();
  }

  async activate(id: string): Promise<ProfilesState> {
    findProfile(this.options.settings.get(), id);
    await this.options.settings.update((settings) => ({ ...settings, activeProfileId: id }));
    return this.changed();
  }

  /** The profile and its credentials, for building an API client. */
  async connection(id: string): Promise<ProfileConnection> {
    const profile = findProfile(this.options.settings.get(), id);
    const credentials = profile.server.kind === 'local' ? await this.options.localCredentials() : await this.options.credentials.load(profile.id);
    if (credentials === undefined) {
      throw new IpcFailure({ code: PROFILE_ERROR_CODES.noCredentials, message: `profile "${profile.name}" has no credentials: enter its app id and secret`, retryable: false });
    }
    return { profile, credentials };
  }

  private async view(profile: ProfileRecord): Promise<ProfileView> {
    const credentials = profile.server.kind === 'local' ? this.localPlace() : await this.options.credentials.place(profile.id);
    return { ...profile, credentials };
  }

  /** The engine's generated credentials follow the keychain: kept there, or for the session when there is none. */
  private localPlace(): CredentialPlace {
    return this.options.credentials.status().available ? 'keychain' : 'session';
  }

  private async changed(): Promise<ProfilesState> {
    const state = await this.list();
    for (const listener of this.#listeners) listener(state);
    return state;
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }
}

function findProfile(settings: Settings, id: string): ProfileRecord {
  const profile = settings.profiles.find((p) => p.id === id);
  if (profile === undefined) throw new IpcFailure({ code: PROFILE_ERROR_CODES.notFound, message: `no profile ${id}`, retryable: false });
  return profile;
}

function definedMembers<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}
