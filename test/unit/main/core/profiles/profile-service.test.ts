import { mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CredentialStore, MemoryVault, type KeychainProbe } from '../../../../../src/main/core/credentials/index.js';
import { LOCAL_PROFILE_ID, PROFILE_ERROR_CODES, ProfileService, SettingsStore } from '../../../../../src/main/core/profiles/index.js';
import { ProfileCreateArgs } from '../../../../../src/shared/ipc/channels/profiles.js';
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-failure.js';

const LOCAL = { appId: 'local-app', secret: 'local-engine-secret' };
const SECRET = 'cloud-secret-9f2c41d7';

async function setup(probe: KeychainProbe = { available: true, vault: new MemoryVault() }) {
  const dir = await mkdtemp(join(tmpdir(), 'docket-profiles-'));
  const path = join(dir, 'settings.json');
  const settings = await SettingsStore.open({ path });
  const credentials = new CredentialStore(probe);
  const service = new ProfileService({ settings, credentials, localCredentials: async () => LOCAL });
  return { dir, path, settings, credentials, service };
}

function createArgs(overrides: Record<string, unknown> = {}) {
  return ProfileCreateArgs.parse({
    name: 'Head office',
    server: { kind: 'cloud', baseUrl: 'https://docflow.textin.com/' },
    credentials: { appId: 'cloud-app', secret: SECRET },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<IpcFailure> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return error as IpcFailure;
}

describe('profiles', () => {
  it('starts on the local engine on first run, and writes the settings file (0600)', async () => {
    const { path, service } = await setup();
    const state = await service.list();
    expect(state.activeProfileId).toBe(LOCAL_PROFILE_ID);
    expect(state.profiles).toEqual([expect.objectContaining({ id: LOCAL_PROFILE_ID, server: { kind: 'local' }, credentials: 'keychain' })]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('creates a cloud profile: the record in the settings file, the app id and secret only in the credential store', async () => {
    const { path, service, credentials } = await setup();
    const profile = await service.create(createArgs());
    expect(profile).toMatchObject({ name: 'Head office', server: { kind: 'cloud', baseUrl: 'https://docflow.textin.com' }, credentials: 'keychain' });

    const file = await readFile(path, 'utf8');
    expect(file).toContain(profile.id);
    expect(file).not.toContain(SECRET);
    expect(file).not.toContain('cloud-app');
    expect(await credentials.load(profile.id)).toEqual({ appId: 'cloud-app', secret: SECRET });
    expect((await service.connection(profile.id)).credentials.secret).toBe(SECRET);
  });

  it('reopens the same profiles from the file', async () => {
    const { path, service } = await setup();
    const profile = await service.create(createArgs());
    await service.activate(profile.id);
    const reopened = await SettingsStore.open({ path });
    expect(reopened.get().activeProfileId).toBe(profile.id);
    expect(reopened.get().profiles.map((p) => p.id)).toEqual([LOCAL_PROFILE_ID, profile.id]);
  });

  it('without a keychain: refuses until the user agrees to session-only, and creates nothing meanwhile', async () => {
    const { service } = await setup({ available: false, problem: 'no D-Bus session' });
    expect((await failure(service.create(createArgs()))).code).toBe('KEYCHAIN_UNAVAILABLE');
    expect((await service.list()).profiles).toHaveLength(1);

    const profile = await service.create(createArgs({ sessionOnly: true }));
    expect(profile.credentials).toBe('session');
    const state = await service.list();
    expect(state.keychain).toMatchObject({ available: false });
    expect(state.profiles.find((p) => p.id === LOCAL_PROFILE_ID)?.credentials).toBe('session');
  });

  it('updates name, server and enterprise id; null clears the enterprise id', async () => {
    const { service } = await setup();
    const profile = await service.create(createArgs({ enterpriseId: 'ent-1' }));
    const updated = await service.update({ id: profile.id, name: 'Branch', server: { kind: 'cloud', baseUrl: 'https://docflow.textin.ai' } });
    expect(updated).toMatchObject({ name: 'Branch', server: { baseUrl: 'https://docflow.textin.ai' }, enterpriseId: 'ent-1' });
    const cleared = await service.update({ id: profile.id, enterpriseId: null });
    expect(cleared.enterpriseId).toBeUndefined();
  });

  it('protects the local profile: no deletion, no server or credential change', async () => {
    const { service } = await setup();
    expect((await failure(service.delete(LOCAL_PROFILE_ID))).code).toBe(PROFILE_ERROR_CODES.localProfile);
    expect((await failure(service.update({ id: LOCAL_PROFILE_ID, credentials: { appId: 'a', secret: 'b' } }))).code).toBe(PROFILE_ERROR_CODES.localProfile);
    expect((await service.update({ id: LOCAL_PROFILE_ID, workspaceId: '42' })).workspaceId).toBe('42');
    expect((await service.connection(LOCAL_PROFILE_ID)).credentials).toEqual(LOCAL);
  });

  it('deletes a profile and its credentials; the active one falls back to the local engine', async () => {
    const { service, credentials } = await setup();
    const profile = await service.create(createArgs());
    await service.activate(profile.id);
    const changes: string[] = [];
    service.onChange((state) => changes.push(state.activeProfileId));
    await service.delete(profile.id);
    expect(changes).toEqual([LOCAL_PROFILE_ID]);
    expect(await credentials.place(profile.id)).toBe('missing');
    expect((await failure(service.connection(profile.id))).code).toBe(PROFILE_ERROR_CODES.notFound);
  });

  it('sets an invalid settings file aside instead of failing or losing it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docket-profiles-'));
    const path = join(dir, 'settings.json');
    await writeFile(path, '{"version": 1, "profiles": "oops"}');
    const problems: string[] = [];
    const store = await SettingsStore.open({ path, onInvalid: (problem) => problems.push(problem) });
    expect(store.get().activeProfileId).toBe(LOCAL_PROFILE_ID);
    expect(problems).toHaveLength(1);
    expect((await readdir(dir)).some((name) => name.startsWith('settings.json.invalid-'))).toBe(true);
  });

  it('serializes concurrent updates so none is lost', async () => {
    const { service } = await setup();
    const created = await Promise.all(['A', 'B', 'C', 'D'].map((name) => service.create(createArgs({ name }))));
    const names = (await service.list()).profiles.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(created.map((p) => p.name)));
    expect(names).toHaveLength(5);
  });
});

describe('server URLs', () => {
  it('accepts the cloud hosts and private https URLs, plain http on loopback only', () => {
    const parse = (baseUrl: string) => ProfileCreateArgs.shape.server.safeParse({ kind: 'cloud', baseUrl });
    expect(parse('https://docflow.textin.ai').success).toBe(true);
    expect(parse('https://docs.example.internal:8443/prefix/').data?.baseUrl).toBe('https://docs.example.internal:8443/prefix');
    expect(parse('http://127.0.0.1:8080').success).toBe(true);
    expect(parse('http://docs.example.internal').success).toBe(false);
    expect(parse('https://user:pw@docs.example.internal').success).toBe(false);
    expect(parse('ftp://docs.example.internal').success).toBe(false);
  });
});
