import type { InvokeResult } from '../../../shared/ipc/invoke-contract';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore, type Store } from '../../lib/store';
import { type FitMode, type QuarterTurn } from './geometry';
import type { OverlayKind, OverlayTarget } from './overlay-boxes';
import { openPagePictures, type PagePictures } from './page-pictures';
import { closeSource, openSource, type PageSource } from './page-source';
import { openPageTexts, type PageTexts } from './page-texts';
import * as proof from './proofreading';

export type CachedFile = InvokeResult<'files.get'>;

export interface ViewerState {
  file: CachedFile | null;
  /** null until known: the desk's own upload is looked for first. */
  source: PageSource | null;
  loadError: string | null;
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
  /** Page pictures from the image cache, used when the source is `pictures`. */
  pictures: PagePictures;
  /** The recognised text, asked for page by page once the page is shown. */
  texts: PageTexts;
  update(change: (state: proof.Proofreading) => proof.Proofreading): void;
  /** Hands the current draft to the core (saved locally at once, synced through the outbox). */
  save(): Promise<void>;
  dispose(): void;
}

function confidenceOf(file: CachedFile): (number | undefined)[] {
  return (file.data?.fields ?? []).map((f) => f.confidence);
}

/** One opened file on `page`: its record, page source (or pictures) and proofreading session. */
export function openFileSession(workspaceId: string, fileId: string, page = 0): FileSession {
  const store = createStore<ViewerState>({
    file: null,
    source: null,
    loadError: null,
    page,
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
  const pictures = openPagePictures(ref);

  const failed = (error: unknown) => {
    if (!disposed) store.set({ loadError: errorMessage(error) });
  };
  const texts = openPageTexts(ref, failed);

  const loadFile = () =>
    invoke('files.get', ref).then(
      (file) =>
        !disposed &&
        store.set((s) => {
          const draft = proof.draftOf(file.data);
          if (s.proof === null) return { file, loadError: null, proof: proof.startProofreading(draft, confidenceOf(file)) };
          // A newer version from the server replaces the draft only when the clerk has nothing unsaved.
          const replace = !proof.isDirty(s.proof) && JSON.stringify(draft) !== JSON.stringify(s.proof.draft);
          return { file, loadError: null, proof: replace ? { ...s.proof, draft, saved: draft } : s.proof };
        }),
    );

  /**
   * The original this desk uploaded, when it is still here and the browser can show it; asked for
   * beside the record and opened without waiting for it: only a protected PDF needs the record's password.
   */
  async function openOriginal(fileLoaded: Promise<unknown>): Promise<PageSource | undefined> {
    const { format, bytes } = await invoke('files.source', ref);
    const password = () => store.get().file?.parser_params?.pdf_pwd || undefined;
    const tried = password();
    try {
      return await openSource(format, bytes, tried);
    } catch (error) {
      await fileLoaded;
      if (password() === undefined || password() === tried) throw error;
      return openSource(format, bytes, password());
    }
  }

  async function loadSource(fileLoaded: Promise<unknown>): Promise<void> {
    // Without it (uploaded elsewhere, moved, a format the browser cannot draw), each page's picture comes from the image cache.
    const source = (await openOriginal(fileLoaded).catch(() => undefined)) ?? { kind: 'pictures' };
    if (disposed) return closeSource(source);
    store.set({ source });
    if (source.kind !== 'pictures') return;
    const { page } = store.get();
    await pictures.settle(page);
    await fileLoaded;
    await pictures.settleAround(page, store.get().file?.pages.length ?? 0);
  }

  const unsubscribe = subscribe('files.changed', (change) => {
    if (change.origin === 'server' && change.workspaceId === workspaceId && change.fileIds.includes(fileId)) void Promise.all([loadFile(), texts.refresh()]).catch(failed);
  });
  // The record and the shown page first; each page's recognised text is asked for once the page is drawn (page-view).
  const fileLoaded = loadFile().catch(failed);
  // The shown page's picture is asked for beside the original, not after it is found missing.
  pictures.prefetch(page);
  void loadSource(fileLoaded);

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
    pictures,
    texts,
    update(change) {
      store.set((s) => (s.proof ? { proof: change(s.proof) } : {}));
    },
    save,
    dispose() {
      disposed = true;
      unsubscribe();
      pictures.dispose();
      texts.dispose();
      const source = store.get().source;
      if (source) closeSource(source);
    },
  };
}
