import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { AppInfo } from '../../../shared/ipc/channels/app.js';
import { preferencesOf, updatePreferences, type SettingsStore } from '../../core/profiles/index.js';
import type { EventHub } from '../event-hub.js';

export function settingsHandlers(deps: { info: AppInfo; settings: SettingsStore; events: EventHub }): InvokeHandlers {
  return {
    'app.info': () => deps.info,
    'preferences.get': () => preferencesOf(deps.settings.get()),
    'preferences.update': async (patch) => {
      const preferences = await updatePreferences(deps.settings, patch);
      deps.events.emit('preferences.changed', preferences);
      return preferences;
    },
  };
}
