import type { FileDocument } from '../../../shared/api/files';
import type { InvokeResult } from '../../../shared/ipc/invoke-contract';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore, type Store } from '../../lib/store';
import { type FitMode, type QuarterTurn } from './geometry';
import type { OverlayKind, OverlayTarget } from './overlay-boxes';
import { closeSource, openSource, type PageSource } from './page-source';
import * as proof from './proofreading';

export type CachedFile = InvokeResult<'files.get'>;

export interface ViewerState {
  file: CachedFile | null;
  document: FileDocument | null;
  source: PageSource | null;
  loadError: string | null;
  sourceError: string | null;
  page: number;
  /** null: the scale follows `fit`. */
  scale: number | null;
  /** The scale the page is shown at (the fitted one when `scale` is null), for zoom steps. */
  shownScale: number;
  fit: FitMode;
  /** The clerk's own turn, on top of turning the page upright. */
  turn: QuarterTurn;
  proof: proof.Proofreading | null;
  focus: OverlayTarget | null;
  hover: OverlayTarget | null;
  layers: Readonly<Record<OverlayKind, boolean>>;
  saving: boolean;
  saveError: string | null;
  lastSavedMs: number | null;
}

const ALL_LAYERS: Record<OverlayKind, boolean> = { field: true, cell: true, stamp: true, handwriting: true, anchor: true };

export interface FileSession {
  store: Store<ViewerState>;
  workspaceId: string;
  fileId: string;
  update(change: (state: proof.Proofreading) => proof.Proofreading): void;
  /** Hands the current draft to the core (saved locally at once, synced through the outbox). */
  save(): Promise<void>;
  dispose(): void;
}

function confidenceOf(file: CachedFile): (number | undefined)[] {
  return (file.data?.fields ?? []).map((f) => f.confidence);
}

/** One opened file: its record, page source and proofreading session. */
export function openFileSession(workspaceId: string, fileId: string): FileSession {
  const store = createStore<ViewerState>({
    file: null,
    document: null,
    source: null,
    loadError: null,
    sourceError: null,
    page: 0,
    scale: null,
    shownScale: 1,
    fit: 'width',
    turn: 0,
    proof: null,
    focus: null,
    hover: null,
    layers: ALL_LAYERS,
    saving: false,
    saveError: null,
    lastSavedMs: null,
  });
  let disposed = false;
  let inFlight: Promise<void> | undefined;
  let saveAgain = false;

  const ref = { workspace_id: workspaceId, file_id: fileId };

  async function loadRecord(): Promise<void> {
    try {
      const [file, { document }] = await Promise.all([invoke('files.get', ref), invoke('files.document', ref)]);
      if (disposed) return;
      store.set((s) => {
        const draft = proof.draftOf(file.data);
        if (s.proof === null) return { file, document, loadError: null, proof: proof.startProofreading(draft, confidenceOf(file)) };
        // A newer version from the server replaces the draft only when the clerk has nothing unsaved.
        const replace = !proof.isDirty(s.proof) && JSON.stringify(draft) !== JSON.stringify(s.proof.draft);
        return { file, document, loadError: null, proof: replace ? { ...s.proof, draft, saved: draft } : s.proof };
      });
    } catch (error) {
      if (!disposed) store.set({ loadError: errorMessage(error) });
    }
  }

  async function loadSource(): Promise<void> {
    try {
      const { format, bytes } = await invoke('files.source', ref);
      const password = store.get().file?.parser_params?.pdf_pwd;
      const source = await openSource(format, bytes, password || undefined);
      if (disposed) return closeSource(source);
      store.set({ source, sourceError: null });
    } catch (error) {
      if (!disposed) store.set({ source: { kind: 'text' }, sourceError: errorMessage(error) });
    }
  }

  const unsubscribe = subscribe('files.changed', (change) => {
    if (change.origin === 'server' && change.workspaceId === workspaceId && change.fileIds.includes(fileId)) void loadRecord();
  });
  void loadRecord().then(loadSource);

  function save(): Promise<void> {
    const state = store.get().proof;
    if (state === null || !proof.isDirty(state)) return inFlight ?? Promise.resolve();
    if (inFlight) {
      saveAgain = true;
      return inFlight;
    }
    const draft = state.draft;
    store.set({ saving: true });
    inFlight = invoke('files.saveData', { ...ref, data: { fields: draft.fields, items: draft.items } })
      .then(
        () => store.set((s) => ({ proof: s.proof && proof.markSaved(s.proof, draft), saveError: null, lastSavedMs: Date.now() })),
        (error: unknown) => store.set({ saveError: errorMessage(error) }),
      )
      .finally(() => {
        inFlight = undefined;
        store.set({ saving: false });
        if (saveAgain) {
          saveAgain = false;
          void save();
        }
      });
    return inFlight;
  }

  return {
    store,
    workspaceId,
    fileId,
    update(change) {
      store.set((s) => (s.proof ? { proof: change(s.proof) } : {}));
    },
    save,
    dispose() {
      disposed = true;
      unsubscribe();
      const source = store.get().source;
      if (source) closeSource(source);
    },
  };
}
