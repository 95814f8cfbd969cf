import type { InvokeResult } from '../../../shared/ipc/invoke-contract';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore } from '../../lib/store';

export type Workspace = InvokeResult<'workspaces.list'>['workspaces'][number];
export type ProfilesState = InvokeResult<'profiles.list'>;

interface WorkspaceState {
  profiles: ProfilesState | null;
  workspaces: Workspace[];
  /** The workspace every screen works in; null until known. */
  activeId: string | null;
  problem: string | null;
}

export const workspaceStore = createStore<WorkspaceState>({ profiles: null, workspaces: [], activeId: null, problem: null });

/** The profile's chosen workspace if it still exists, else the first one. */
export function activeWorkspaceOf(profiles: ProfilesState | null, workspaces: readonly Workspace[]): string | null {
  const chosen = profiles?.profiles.find((p) => p.id === profiles.activeProfileId)?.workspaceId;
  if (chosen !== undefined && workspaces.some((w) => w.workspace_id === chosen)) return chosen;
  return workspaces[0]?.workspace_id ?? chosen ?? null;
}

async function refresh(): Promise<void> {
  try {
    const [profiles, { workspaces }] = await Promise.all([invoke('profiles.list', {}), invoke('workspaces.list', {})]);
    workspaceStore.set({ profiles, workspaces, activeId: activeWorkspaceOf(profiles, workspaces), problem: null });
  } catch (error) {
    workspaceStore.set({ problem: errorMessage(error) });
  }
}

export function startWorkspaces(): Promise<void> {
  subscribe('profiles.changed', () => void refresh());
  subscribe('catalog.changed', (change) => {
    if (change.part === 'workspaces') void refresh();
  });
  // The engine may still be starting: try again when it is ready.
  subscribe('engine.status', (status) => {
    if (status.state === 'ready' && workspaceStore.get().activeId === null) void refresh();
  });
  return refresh();
}

export async function switchWorkspace(workspaceId: string): Promise<void> {
  const profiles = workspaceStore.get().profiles;
  workspaceStore.set({ activeId: workspaceId });
  if (profiles) await invoke('profiles.update', { id: profiles.activeProfileId, workspaceId });
}
