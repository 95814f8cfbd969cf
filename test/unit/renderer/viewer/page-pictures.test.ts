import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageImageAnswer } from '../../../../src/shared/ipc/channels/page-images';

const invoke = vi.fn<(channel: string, args: { page: number }) => Promise<PageImageAnswer>>();
let changed: ((change: { workspaceId: string; fileIds: string[] }) => void) | undefined;
vi.mock('../../../../src/renderer/lib/bridge', () => ({
  invoke: (channel: string, args: { page: number }) => invoke(channel, args),
  subscribe: (_event: string, listener: typeof changed) => {
    changed = listener;
    return () => (changed = undefined);
  },
}));
const { openPagePictures, settledAround } = await import('../../../../src/renderer/features/viewer/page-pictures');

const REF = { workspace_id: 'w1', file_id: 'f1' };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  invoke.mockReset();
  invoke.mockResolvedValue({ state: 'downloading' });
});

describe("a file's page pictures asked for ahead", () => {
  it('asks once for a page prefetched then wanted, and holds it only once wanted', async () => {
    const pictures = openPagePictures(REF);
    pictures.prefetch(0);
    pictures.prefetch(0);
    await settled();
    expect(pictures.store.get().pages[0]).toBeUndefined();
    await pictures.settle(0);
    expect(invoke.mock.calls).toEqual([['pageImages.get', { ...REF, page: 0 }]]);
    expect(pictures.store.get().pages[0]).toEqual({ state: 'downloading' });
    pictures.dispose();
  });

  it('asks again for a page prefetched before its pictures changed', async () => {
    const pictures = openPagePictures(REF);
    pictures.prefetch(1);
    await settled();
    changed?.({ workspaceId: 'w1', fileIds: ['f1'] });
    invoke.mockResolvedValue({ state: 'unavailable', reason: 'none', pending: false });
    await pictures.settle(1);
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(pictures.store.get().pages[1]).toEqual({ state: 'unavailable', reason: 'none', pending: false });
    pictures.dispose();
  });

  it('shows a failed prefetch as the page having no picture, once wanted', async () => {
    invoke.mockRejectedValue(new Error('the app did not answer'));
    const pictures = openPagePictures(REF);
    pictures.prefetch(2);
    await settled();
    await pictures.settle(2);
    expect(pictures.store.get().pages[2]).toEqual({ state: 'unavailable', reason: 'the app did not answer', pending: false });
    pictures.dispose();
  });
});

describe('the pages kept around the shown one', () => {
  it('are settled once the shown page and two either side (within the file) have their answers', () => {
    const held = { state: 'downloading' } as const;
    expect(settledAround({ 0: held, 1: held, 2: held }, 0, 20)).toBe(true);
    expect(settledAround({ 0: held, 1: held }, 0, 20)).toBe(false);
    expect(settledAround({ 3: held, 4: held, 6: held }, 5, 7)).toBe(false);
    expect(settledAround({ 3: held, 4: held, 5: held, 6: held }, 5, 7)).toBe(true);
    expect(settledAround({}, 0, 0)).toBe(false);
    expect(settledAround({ 0: held }, 0, 1)).toBe(true);
  });
});
