import type { DocumentPageAnswer } from '../../../shared/ipc/channels/files';
import { invoke } from '../../lib/bridge';
import { createStore, type Store } from '../../lib/store';

/** One page of the recognised text: its frame and its lines with boxes. */
export type PageText = NonNullable<DocumentPageAnswer['page']>;

export interface PageTextsState {
  /** By page index; null: no text for that page (the document not fetched yet, or past its last page); absent: never asked for. */
  pages: Readonly<Record<number, PageText | null>>;
  /** Pages of the recognised document, known from the first answer (0 until then, or without a document). */
  count: number;
}

export interface PageTexts {
  store: Store<PageTextsState>;
  /** Asks for a page's text, unless it is held or already asked for. */
  want(page: number): void;
  /** The file changed on the server: the pages held are asked again. */
  refresh(): Promise<void>;
  dispose(): void;
}

/**
 * The recognised text of one file, page by page: a long file's whole document is megabytes the
 * core would take seconds to send, and the viewer shows one page (the page before its text).
 */
export function openPageTexts(ref: { workspace_id: string; file_id: string }, onError: (error: unknown) => void): PageTexts {
  const store = createStore<PageTextsState>({ pages: {}, count: 0 });
  const asking = new Set<number>();
  let disposed = false;

  const fetchPage = (page: number): Promise<void> =>
    invoke('files.documentPage', { ...ref, page }).then(({ page: text, page_count }) => {
      if (!disposed) store.set((s) => ({ count: page_count, pages: { ...s.pages, [page]: text } }));
    });

  return {
    store,
    want(page) {
      if (disposed || asking.has(page) || Object.hasOwn(store.get().pages, page)) return;
      asking.add(page);
      void fetchPage(page)
        .catch(onError)
        .finally(() => asking.delete(page));
    },
    refresh: () => Promise.all(Object.keys(store.get().pages).map((page) => fetchPage(Number(page)))).then(() => undefined),
    dispose() {
      disposed = true;
    },
  };
}
