import type { FileListQuery, FileSummary } from '../../../shared/ipc/channels/files';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore } from '../../lib/store';
import { workspaceStore } from '../workspaces/workspace-store';
import { pagesForRows } from './row-pages';

export type { FileSummary };

/** Every filter of the list: those of /file/fetch, invoice status, full-text search, sort. */
export type DocumentFilters = Omit<FileListQuery, 'workspace_id' | 'page' | 'page_size'>;

/** Small pages: each answer is parsed and shown within a frame while the clerk scrolls. */
export const PAGE_SIZE = 100;
const REFRESH_AFTER_CHANGE_MS = 400;

interface DocumentsState {
  workspaceId: string | null;
  filters: DocumentFilters;
  total: number | null;
  pages: ReadonlyMap<number, FileSummary[]>;
  error: string | null;
  selection: ReadonlySet<string>;
  /** Changes whenever the rows' meaning changes (workspace, filters): late answers of the old query are dropped. */
  generation: number;
}

export const documentsStore = createStore<DocumentsState>({
  workspaceId: null,
  filters: { sort: 'updated_at', order: 'desc' },
  total: null,
  pages: new Map(),
  error: null,
  selection: new Set(),
  generation: 0,
});

const loading = new Set<string>();

async function loadPage(page: number): Promise<void> {
  const { workspaceId, filters, generation } = documentsStore.get();
  const key = `${generation}:${page}`;
  if (workspaceId === null || loading.has(key)) return;
  loading.add(key);
  try {
    const answer = await invoke('files.list', { ...filters, workspace_id: workspaceId, page, page_size: PAGE_SIZE });
    if (documentsStore.get().generation !== generation) return;
    documentsStore.set((s) => ({ total: answer.total, pages: new Map(s.pages).set(page, answer.files), error: null }));
  } catch (error) {
    if (documentsStore.get().generation === generation) documentsStore.set({ error: errorMessage(error) });
  } finally {
    loading.delete(key);
  }
}

/** Loads the pages that hold the rows on screen (the list asks as it scrolls). */
export function ensureRows(start: number, end: number): void {
  const { total, pages } = documentsStore.get();
  if (total === null) return void loadPage(1);
  for (const page of pagesForRows(start, end, PAGE_SIZE, total)) if (!pages.has(page)) void loadPage(page);
}

function restart(patch: Partial<DocumentsState>): void {
  documentsStore.set((s) => ({ ...patch, total: null, pages: new Map(), error: null, generation: s.generation + 1 }));
  void loadPage(1);
}

export function setFilters(patch: Partial<DocumentFilters>): void {
  const filters = { ...documentsStore.get().filters, ...patch };
  for (const key of Object.keys(filters) as (keyof DocumentFilters)[]) {
    if (filters[key] === undefined || filters[key] === '') delete filters[key];
  }
  restart({ filters, selection: new Set() });
}

export function clearFilters(): void {
  const { sort, order } = documentsStore.get().filters;
  restart({ filters: { sort, order }, selection: new Set() });
}

/** Reloads the pages already shown, keeping them on screen until the new rows arrive. */
export function refreshDocuments(): void {
  const { pages, generation } = documentsStore.get();
  const loaded = [...pages.keys()];
  documentsStore.set({ generation: generation + 1 });
  for (const page of loaded.length > 0 ? loaded : [1]) void loadPage(page);
}

export function toggleSelected(fileId: string, selected?: boolean): void {
  documentsStore.set((s) => {
    const selection = new Set(s.selection);
    if (selected ?? !selection.has(fileId)) selection.add(fileId);
    else selection.delete(fileId);
    return { selection };
  });
}

export function setSelection(fileIds: Iterable<string>): void {
  documentsStore.set({ selection: new Set(fileIds) });
}

/** The rows of the current selection that are loaded (bulk actions need their task ids). */
export function selectedRows(): FileSummary[] {
  const { pages, selection } = documentsStore.get();
  return [...pages.values()].flat().filter((row) => selection.has(row.file_id));
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function refreshSoon(): void {
  refreshTimer ??= setTimeout(() => {
    refreshTimer = undefined;
    refreshDocuments();
  }, REFRESH_AFTER_CHANGE_MS);
}

export function startDocuments(): void {
  const follow = () => {
    const { activeId } = workspaceStore.get();
    if (activeId !== documentsStore.get().workspaceId) restart({ workspaceId: activeId, selection: new Set() });
  };
  workspaceStore.subscribe(follow);
  follow();
  subscribe('files.changed', (change) => {
    if (change.workspaceId === documentsStore.get().workspaceId) refreshSoon();
  });
}
