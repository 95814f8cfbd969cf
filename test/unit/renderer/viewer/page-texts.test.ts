import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentPageAnswer } from '../../../../src/shared/ipc/channels/files';

const invoke = vi.fn<(channel: string, args: { page: number }) => Promise<DocumentPageAnswer>>();
vi.mock('../../../../src/renderer/lib/bridge', () => ({ invoke: (channel: string, args: { page: number }) => invoke(channel, args) }));
const { openPageTexts } = await import('../../../../src/renderer/features/viewer/page-texts');

const REF = { workspace_id: 'w1', file_id: 'f1' };
const pageOf = (text: string) => ({ angle: 0, width: 100, height: 140, lines: [{ text, position: [0, 0, 1, 0, 1, 1, 0, 1], charPositions: [] }] });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  invoke.mockReset();
  invoke.mockImplementation(async (_channel, { page }) => ({ page: page < 3 ? pageOf(`page ${page}`) : null, page_count: 3 }));
});

describe("a file's recognised text, page by page", () => {
  it('asks the core for one page at a time, once, and holds it with the number of pages', async () => {
    const texts = openPageTexts(REF, () => undefined);
    texts.want(1);
    texts.want(1);
    await settled();
    texts.want(1);
    expect(invoke.mock.calls).toEqual([['files.documentPage', { ...REF, page: 1 }]]);
    expect(texts.store.get()).toEqual({ pages: { 1: pageOf('page 1') }, count: 3 });
  });

  it('holds a page past the last one as none, and asks for it no more', async () => {
    const texts = openPageTexts(REF, () => undefined);
    texts.want(5);
    await settled();
    texts.want(5);
    expect(texts.store.get().pages).toEqual({ 5: null });
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('asks again for the pages it holds when the file changed on the server', async () => {
    const texts = openPageTexts(REF, () => undefined);
    texts.want(0);
    texts.want(2);
    await settled();
    invoke.mockImplementation(async (_channel, { page }) => ({ page: pageOf(`new ${page}`), page_count: 4 }));
    await texts.refresh();
    expect(texts.store.get()).toEqual({ pages: { 0: pageOf('new 0'), 2: pageOf('new 2') }, count: 4 });
  });

  it('reports a failed call, and takes no answer once the file is closed', async () => {
    const failures: unknown[] = [];
    const texts = openPageTexts(REF, (error) => failures.push(error));
    invoke.mockRejectedValueOnce(new Error('core gone'));
    texts.want(0);
    await settled();
    expect(failures).toEqual([new Error('core gone')]);
    texts.dispose();
    texts.want(1);
    await settled();
    expect(texts.store.get().pages).toEqual({});
  });
});
