import { z } from 'zod';
import { Preferences } from './channels/app.js';
import { EngineStatus } from './channels/engine.js';
import { HotFolderActivity } from './channels/hot-folder.js';
import { PageImageChanged } from './channels/page-images.js';
import { ProfilesState } from './channels/profiles.js';
import { OutboxCounts, SyncState } from './channels/sync.js';
import { UploadProgress, UploadView } from './channels/uploads.js';

/** Everything the core pushes to the renderer, by event name. */
export const EVENT_CONTRACT = {
  'engine.status': EngineStatus,
  'profiles.changed': ProfilesState,
  'preferences.changed': Preferences,
  'sync.status': SyncState,
  'outbox.changed': OutboxCounts,
  /** An upload whose state changed (queued, uploading, uploaded, failed...). */
  'uploads.changed': UploadView,
  /** Bytes sent of one upload; frequent, so kept small. */
  'uploads.progress': UploadProgress,
  /** Files whose cached view changed, by a local change or by a pull. */
  'files.changed': z.object({ workspaceId: z.string(), fileIds: z.array(z.string()), origin: z.enum(['local', 'server']) }),
  /** Workspaces, categories, rule repositories or review tasks changed in the cache. */
  'catalog.changed': z.object({ workspaceId: z.string().nullable(), part: z.enum(['workspaces', 'categories', 'rule-repos', 'review-tasks']) }),
  'hotFolder.activity': HotFolderActivity,
  /** Files whose page pictures arrived in the image cache (or turned out to have none). */
  'pageImages.changed': PageImageChanged,
} as const;

export type EventContract = typeof EVENT_CONTRACT;
export type EventName = keyof EventContract;
export const EVENT_NAMES = Object.keys(EVENT_CONTRACT) as EventName[];
/** What the core emits (before parsing). */
export type EventInput<E extends EventName> = z.input<EventContract[E]>;
/** What the renderer receives. */
export type EventPayload<E extends EventName> = z.output<EventContract[E]>;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENT_CONTRACT, name);
}

/** One pushed event as it travels (Electron webContents.send, or a WebSocket text frame). */
export const EventMessage = z.object({ event: z.string(), payload: z.unknown() });
export type EventMessage = z.infer<typeof EventMessage>;
