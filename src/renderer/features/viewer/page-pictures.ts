import type { PageImageAnswer } from '../../../shared/ipc/channels/page-images';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createStore, type Store } from '../../lib/store';

/** A page's picture from the core's image cache as the viewer holds it: decoded, on its way, or why there is none. */
export type PagePicture =
  | { state: 'ready'; bitmap: ImageBitmap }
  | Extract<PageImageAnswer, { state: 'downloading' }>
  | Extract<PageImageAnswer, { state: 'unavailable' }>;

/** Pages kept decoded either side of the current one: turning a page draws at once, and a long file does not hold every page in memory. */
const KEEP_AROUND = 2;

export interface PagePictures {
  /** By page index in the file's pages[]; a page never asked for is absent. */
  store: Store<{ pages: Readonly<Record<number, PagePicture>> }>;
  /**
   * Asks for a page's picture before it is known to be needed (beside the original, which most
   * files opened on a shared desk do not have here): it is decoded only if the page is then wanted.
   */
  prefetch(page: number): void;
  /** Asks the image cache for a page's picture, unless it is held or already asked for. */
  want(page: number): void;
  /** The same, resolving once the page's answer is held. */
  settle(page: number): Promise<void>;
  /** Asks for the pictures kept decoded around the page shown, nearest first; resolves once they are held. */
  settleAround(page: number, count: number): Promise<void>;
  /** Lets go of decoded pictures far from the page shown. */
  keepAround(page: number): void;
  dispose(): void;
}

/** The pages kept decoded either side of `current`, nearest first, within the file's `count` pages. */
function pagesAround(current: number, count: number): number[] {
  return Array.from({ length: KEEP_AROUND }, (_, i) => [current + i + 1, current - i - 1])
    .flat()
    .filter((page) => page >= 0 && page < count);
}

/** Whether the shown page and those kept around it have their answers (anything else asked for waits until then). */
export function settledAround(pages: Readonly<Record<number, PagePicture>>, current: number, count: number): boolean {
  return [current, ...pagesAround(current, count)].every((page) => pages[page] !== undefined);
}

function release(picture: PagePicture | undefined): void {
  if (picture?.state === 'ready') picture.bitmap.close();
}

async function decode(answer: PageImageAnswer): Promise<PagePicture> {
  if (answer.state !== 'ready') return answer;
  try {
    return { state: 'ready', bitmap: await createImageBitmap(new Blob([answer.bytes as Uint8Array<ArrayBuffer>], { type: answer.mime_type })) };
  } catch (error) {
    return { state: 'unavailable', reason: `the picture could not be decoded (${errorMessage(error)})`, pending: false };
  }
}

/**
 * The pages of one file from the image cache (files uploaded elsewhere, or whose original this
 * computer no longer has). A page still downloading, or missing while offline, is asked for again
 * when the core says its file's pictures changed.
 */
export function openPagePictures(ref: { workspace_id: string; file_id: string }): PagePictures {
  const store = createStore<{ pages: Readonly<Record<number, PagePicture>> }>({ pages: {} });
  const asking = new Map<number, Promise<void>>();
  /** Answers asked for ahead, not decoded yet. */
  const ahead = new Map<number, Promise<PageImageAnswer>>();
  /** Pages whose answer may be stale: the cache changed while they were asked for. */
  const askAgain = new Set<number>();
  let disposed = false;

  const put = (page: number, picture: PagePicture | undefined) =>
    store.set((s) => {
      const pages = { ...s.pages };
      if (picture === undefined) delete pages[page];
      else pages[page] = picture;
      return { pages };
    });

  function ask(page: number): Promise<void> {
    const running = asking.get(page);
    if (running) return running;
    const asked = answer(page).finally(() => {
      asking.delete(page);
      if (askAgain.delete(page) && !disposed && store.get().pages[page]?.state !== 'ready') void ask(page);
    });
    asking.set(page, asked);
    return asked;
  }

  async function answer(page: number): Promise<void> {
    let picture: PagePicture;
    try {
      const early = ahead.get(page);
      ahead.delete(page);
      picture = await decode(await (early ?? invoke('pageImages.get', { ...ref, page })));
    } catch (error) {
      picture = { state: 'unavailable', reason: errorMessage(error), pending: false };
    }
    if (disposed) return release(picture);
    release(store.get().pages[page]);
    put(page, picture);
  }

  const unsubscribe = subscribe('pageImages.changed', (change) => {
    if (change.workspaceId !== ref.workspace_id || !change.fileIds.includes(ref.file_id)) return;
    // An answer on its way may predate the change: that page is asked again once it is in.
    for (const page of asking.keys()) askAgain.add(page);
    ahead.clear();
    for (const [page, picture] of Object.entries(store.get().pages)) {
      if (picture.state === 'downloading' || (picture.state === 'unavailable' && picture.pending)) void ask(Number(page));
    }
  });

  const settle = (page: number): Promise<void> => (disposed || store.get().pages[page] !== undefined ? Promise.resolve() : ask(page));
  const want = (page: number) => void settle(page);

  return {
    store,
    prefetch(page) {
      if (disposed || store.get().pages[page] !== undefined || asking.has(page) || ahead.has(page)) return;
      const early = invoke('pageImages.get', { ...ref, page });
      // A failure is met again (and shown) if the page is wanted.
      early.catch(() => undefined);
      ahead.set(page, early);
    },
    want,
    settle,
    async settleAround(current, count) {
      await Promise.all(pagesAround(current, count).map(settle));
    },
    keepAround(current) {
      for (const [page, picture] of Object.entries(store.get().pages)) {
        if (picture.state !== 'ready' || Math.abs(Number(page) - current) <= KEEP_AROUND) continue;
        put(Number(page), undefined);
        release(picture);
      }
    },
    dispose() {
      disposed = true;
      unsubscribe();
      ahead.clear();
      for (const picture of Object.values(store.get().pages)) release(picture);
    },
  };
}
