export { ProfileService, PROFILE_ERROR_CODES, type ProfileConnection, type ProfileServiceOptions } from './profile-service.js';
export { LOCAL_PROFILE_ID, Settings, initialSettings, preferencesOf, readSettingsFile, writeSettingsFile } from './settings-file.js';
export { SettingsStore, type SettingsStoreOptions } from './settings-store.js';
export { updatePreferences } from './preferences.js';
