import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeKeychain } from '../../src/main/core/credentials/index.js';
import { dataPaths } from '../../src/main/app/create-app-core.js';
import { harnessApp } from './app-harness.js';

// This file runs in its own process (vitest forks per file) with no D-Bus session: no keychain.
beforeAll(() => {
  delete process.env['DBUS_SESSION_BUS_ADDRESS'];
});

const SECRET = 'typed-secret-without-keychain-4711';
const cloudProfile = (sessionOnly?: boolean) => ({
  name: 'Cloud',
  server: { kind: 'cloud', baseUrl: 'https://docflow.textin.com' },
  credentials: { appId: 'cloud-app', secret: SECRET },
  ...(sessionOnly === undefined ? {} : { sessionOnly }),
});

describe('without a keychain (no D-Bus session)', () => {
  it('the probe says why', async () => {
    const probe = await probeKeychain('Docket-test');
    expect(probe.available).toBe(false);
    expect(probe.available ? '' : probe.problem).toMatch(/D-?Bus|Secret Service/i);
  });

  it('the user is told, may keep typed credentials for the session only, and the local engine still runs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docket-no-keychain-'));
    const app = await harnessApp(dataDir, 'Docket-test');
    try {
      const listed = await app.call('profiles.list');
      expect(listed).toMatchObject({ ok: true, value: { keychain: { available: false, problem: expect.stringContaining('this session only') } } });

      const refused = await app.call('profiles.create', cloudProfile());
      expect(refused).toEqual({
        ok: false,
        error: { code: 'KEYCHAIN_UNAVAILABLE', message: expect.stringContaining('No keychain is available'), retryable: false },
      });
      expect(await app.call('profiles.list')).toMatchObject({ value: { profiles: [{ id: 'local' }] } });

      const created = await app.call('profiles.create', cloudProfile(true));
      expect(created).toMatchObject({ ok: true, value: { credentials: 'session' } });

      await app.core.start();
      await app.core.engine.whenReady();
      expect(await app.call('profiles.check', { id: 'local' })).toMatchObject({ ok: true, value: { ok: true, workspaceCount: 1 } });
      expect(await readFile(dataPaths(dataDir).settings, 'utf8')).not.toContain(SECRET);
      expect(app.logLines.join('\n')).toContain('no keychain');
    } finally {
      await app.close();
    }

    // After a restart, session-only credentials are gone and the clerk is asked again.
    const restarted = await harnessApp(dataDir, 'Docket-test');
    try {
      const state = await restarted.call('profiles.list');
      const cloud = (state as { value: { profiles: { name: string; credentials: string }[] } }).value.profiles.find((p) => p.name === 'Cloud');
      expect(cloud?.credentials).toBe('missing');
      await restarted.core.start();
      expect(await restarted.call('profiles.check', { id: 'local' })).toMatchObject({ ok: true, value: { ok: true } });
    } finally {
      await restarted.close();
    }
  });
});
