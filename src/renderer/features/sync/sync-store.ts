import type { EventPayload } from '../../../shared/ipc/event-contract';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore } from '../../lib/store';

export type SyncState = EventPayload<'sync.status'>;
export type EngineStatus = EventPayload<'engine.status'>;

interface SyncStoreState {
  sync: SyncState | null;
  engine: EngineStatus | null;
  /** Why the sync state cannot be read (e.g. this build has no sync). */
  problem: string | null;
}

/** What the status bar shows: the core pushes every change of sync, outbox and engine. */
export const syncStore = createStore<SyncStoreState>({ sync: null, engine: null, problem: null });

export function startSyncStatus(): void {
  subscribe('sync.status', (sync) => syncStore.set({ sync, problem: null }));
  subscribe('outbox.changed', (outbox) => syncStore.set((s) => (s.sync ? { sync: { ...s.sync, outbox } } : {})));
  subscribe('engine.status', (engine) => syncStore.set({ engine }));
  invoke('sync.status', {}).then(
    (sync) => syncStore.set({ sync, problem: null }),
    (error: unknown) => syncStore.set({ problem: errorMessage(error) }),
  );
  invoke('engine.status', {}).then(
    (engine) => syncStore.set({ engine }),
    () => undefined,
  );
}

export async function setWorkOffline(offline: boolean): Promise<void> {
  const sync = await invoke('sync.setMode', { mode: offline ? 'paused' : 'online' });
  syncStore.set({ sync });
}

export function syncNow(): Promise<unknown> {
  return invoke('sync.now', {});
}
