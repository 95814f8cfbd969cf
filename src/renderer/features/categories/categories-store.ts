import type { InvokeResult } from '../../../shared/ipc/invoke-contract';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore } from '../../lib/store';
import { workspaceStore } from '../workspaces/workspace-store';

export type CachedCategory = InvokeResult<'categories.list'>['categories'][number];

interface CategoriesState {
  workspaceId: string | null;
  categories: CachedCategory[];
  error: string | null;
}

/** Categories of the active workspace, enabled or not: the filters, the viewer and the editor read them. */
export const categoriesStore = createStore<CategoriesState>({ workspaceId: null, categories: [], error: null });

export async function refreshCategories(): Promise<void> {
  const workspaceId = workspaceStore.get().activeId;
  if (workspaceId === null) return;
  try {
    const { categories } = await invoke('categories.list', { workspace_id: workspaceId, enabled: 'all' });
    if (workspaceStore.get().activeId === workspaceId) categoriesStore.set({ workspaceId, categories, error: null });
  } catch (error) {
    categoriesStore.set({ workspaceId, error: errorMessage(error) });
  }
}

export function startCategories(): void {
  workspaceStore.subscribe(() => {
    if (workspaceStore.get().activeId !== categoriesStore.get().workspaceId) void refreshCategories();
  });
  subscribe('catalog.changed', (change) => {
    if (change.part === 'categories') void refreshCategories();
  });
  void refreshCategories();
}
