import type { Preferences, PreferencesPatch } from '../../../shared/ipc/channels/app.js';
import { preferencesOf } from './settings-file.js';
import type { SettingsStore } from './settings-store.js';

/** Only the preferences given change; the rest keep their value (or their default). */
export async function updatePreferences(store: SettingsStore, patch: PreferencesPatch): Promise<Preferences> {
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const settings = await store.update((current) => ({ ...current, preferences: { ...current.preferences, ...given } }));
  return preferencesOf(settings);
}
