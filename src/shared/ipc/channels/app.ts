import { z } from 'zod';
import { Done, NoArgs, invokeSpec } from '../invoke-spec.js';

export const HostKind = z.enum(['electron', 'web']);

export const AppInfo = z.object({
  version: z.string(),
  host: HostKind,
  platform: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const LANGUAGES = ['zh-CN', 'en'] as const;

const preferenceFields = {
  language: z.enum(LANGUAGES),
  /** Polling of files still in progress, while online. */
  pollIntervalSeconds: z.number().int().min(2).max(3600),
  /** Documents kept in the cache for offline work, in days since last opened. */
  offlineRetentionDays: z.number().int().min(1).max(3650),
};

/** Preferences of the user; profiles and credentials live apart (see profiles). */
export const Preferences = z.object(preferenceFields);
export type Preferences = z.infer<typeof Preferences>;
/** Only the members given change. */
export const PreferencesPatch = z.strictObject(preferenceFields).partial();
export type PreferencesPatch = z.infer<typeof PreferencesPatch>;

export const DEFAULT_PREFERENCES: Preferences = { language: 'zh-CN', pollIntervalSeconds: 10, offlineRetentionDays: 30 };

export const PickPathsArgs = z.strictObject({
  kind: z.enum(['files', 'folder']),
  title: z.string().max(200).optional(),
});

export const appChannels = {
  'app.info': invokeSpec(NoArgs, AppInfo),
  'preferences.get': invokeSpec(NoArgs, Preferences),
  'preferences.update': invokeSpec(PreferencesPatch, Preferences),
  /** A native file or folder picker; the web host has none (the browser's own input is used there). */
  'dialog.pickPaths': invokeSpec(PickPathsArgs, z.object({ paths: z.array(z.string()) })),
  /** Shows a file (an export, a hot folder) in the system file manager. */
  'dialog.revealPath': invokeSpec(z.strictObject({ path: z.string().min(1) }), Done),
} as const;
