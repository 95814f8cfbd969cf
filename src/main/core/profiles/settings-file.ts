import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { DEFAULT_PREFERENCES, Preferences } from '../../../shared/ipc/channels/app.js';
import { DEFAULT_HOT_FOLDER, HotFolderSettings } from '../../../shared/ipc/channels/hot-folder.js';
import { ProfileRecord } from '../../../shared/ipc/channels/profiles.js';

/** The local engine's profile: always there, the default on first run, never deleted. */
export const LOCAL_PROFILE_ID = 'local';

/** The settings file in the app data folder. No secrets: those live in the keychain. */
export const Settings = z.object({
  version: z.literal(1),
  activeProfileId: z.string().min(1),
  profiles: z.array(ProfileRecord).min(1),
  preferences: Preferences.partial().default({}),
  hotFolder: HotFolderSettings.default(DEFAULT_HOT_FOLDER),
});
export type Settings = z.infer<typeof Settings>;

export function initialSettings(now: Date): Settings {
  return {
    version: 1,
    activeProfileId: LOCAL_PROFILE_ID,
    profiles: [{ id: LOCAL_PROFILE_ID, name: 'This computer', server: { kind: 'local' }, auth: 'headers', createdAt: now.toISOString() }],
    preferences: {},
    hotFolder: DEFAULT_HOT_FOLDER,
  };
}

export function preferencesOf(settings: Settings): Preferences {
  return { ...DEFAULT_PREFERENCES, ...settings.preferences };
}

export type SettingsRead =
  | { kind: 'found'; settings: Settings }
  | { kind: 'absent' }
  /** Unreadable or invalid: set aside under `keptAs` so nothing the user had is destroyed. */
  | { kind: 'invalid'; problem: string; keptAs: string };

export async function readSettingsFile(path: string): Promise<SettingsRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    throw error;
  }
  let problem: string;
  try {
    const parsed = Settings.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.profiles.some((p) => p.id === parsed.data.activeProfileId)) {
      return { kind: 'found', settings: parsed.data };
    }
    problem = parsed.success ? 'the active profile does not exist' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  } catch (error) {
    problem = (error as Error).message;
  }
  const keptAs = `${path}.invalid-${Date.now()}`;
  await rename(path, keptAs);
  return { kind: 'invalid', problem, keptAs };
}

/** Written to a temporary file and renamed over the old one: a crash leaves the old or the new file, never half of one. */
export async function writeSettingsFile(path: string, settings: Settings): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(Settings.parse(settings), null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}
