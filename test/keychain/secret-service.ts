import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeKeychain } from '../../src/main/core/credentials/index.js';
import { until } from '../support/poll.js';

export interface SecretService {
  /** Stops what was started here; a session given by the caller (CI's dbus-run-session) is left alone. */
  stop(): void;
}

/**
 * A real Secret Service for the keychain tests. CI runs the tests inside dbus-run-session with an
 * unlocked gnome-keyring; anywhere else this starts a private D-Bus session and gnome-keyring with a
 * throwaway HOME, so the tests never touch the user's own keyring.
 */
export async function ensureSecretService(): Promise<SecretService> {
  if (process.env['DBUS_SESSION_BUS_ADDRESS']) return { stop: () => undefined };
  const home = mkdtempSync(join(tmpdir(), 'docket-keyring-home-'));
  const bus = spawnSync('dbus-daemon', ['--session', '--fork', '--print-address=1', '--print-pid=1'], { encoding: 'utf8' });
  if (bus.status !== 0) throw new Error(`dbus-daemon did not start (install dbus): ${bus.stderr || bus.error?.message}`);
  const [address, pid] = bus.stdout.trim().split('\n');
  const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: address!, HOME: home };
  const keyring = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], { env, input: 'pw', encoding: 'utf8' });
  if (keyring.status !== 0) throw new Error(`gnome-keyring-daemon did not start (install gnome-keyring): ${keyring.stderr || keyring.error?.message}`);
  process.env['DBUS_SESSION_BUS_ADDRESS'] = address!;
  // Asking for the Secret Service before the daemon owns its name would make D-Bus start a second,
  // locked daemon; ask D-Bus (which starts nothing) until the unlocked one is there.
  await until(() => ownsSecretsName(env), { timeoutMs: 10_000, stepMs: 50, what: 'gnome-keyring-daemon to claim org.freedesktop.secrets' });
  const probe = await probeKeychain('docket-test-readiness');
  if (!probe.available) throw new Error(`gnome-keyring is not usable: ${probe.problem}`);
  return {
    stop() {
      delete process.env['DBUS_SESSION_BUS_ADDRESS'];
      // gnome-keyring-daemon leaves with the session bus it belongs to.
      process.kill(Number(pid), 'SIGTERM');
      rmSync(home, { recursive: true, force: true });
    },
  };
}

function ownsSecretsName(env: NodeJS.ProcessEnv): boolean {
  const reply = spawnSync(
    'dbus-send',
    ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
    { env, encoding: 'utf8' },
  );
  return /boolean true/.test(reply.stdout);
}
