import { describe, expect, it } from 'vitest';
import { PageImageIndex, PRIORITY } from '../../../../../src/main/core/page-images/page-image-index.js';
import { tempCache } from '../store/cache-fixture.js';
import { linkedRecord } from './page-image-fixture.js';

const NONE = new Set<string>();

describe('the page image index', () => {
  it('queues every linked page of pulled files, children included, newest file first', () => {
    const index = new PageImageIndex(tempCache().bulk);
    const old = linkedRecord({ id: '1', pages: 2, updatedAt: '2026-01-01T00:00:00Z' });
    const parent = { ...linkedRecord({ id: '2', updatedAt: '2026-02-01T00:00:00Z', children: [{ id: '3' }] }) };
    parent.child_files = [{ ...parent.child_files![0]!, pages: [{ page: 0, angle: 0, width: 1, height: 1, dpi: 72, image_url: 'http://img.test/3/0' }] }];
    expect(index.noteLinks('w', [old, parent], 1_000)).toBe(4);
    const first = index.nextQueued(PRIORITY.prefetch, NONE)!;
    expect(first.task_id === 't2' || first.task_id === 't3').toBe(true);
    expect(index.row('w', '3', 0)).toMatchObject({ task_id: 't3', url: 'http://img.test/3/0', state: 'queued' });
  });

  it('keeps the latest link, and gives a failed page another go when a fresh one comes', () => {
    const index = new PageImageIndex(tempCache().bulk);
    index.noteLinks('w', [linkedRecord({ id: '1' })], 1);
    const key = { workspace_id: 'w', task_id: 't1', page: 0 };
    index.markWithout(key, 'failed', 'HTTP 500');
    expect(index.nextQueued(PRIORITY.prefetch, NONE)).toBeUndefined();
    index.noteLinks('w', [linkedRecord({ id: '1', generation: 2 })], 2);
    expect(index.byKey(key)).toMatchObject({ state: 'queued', url: 'http://img.test/1/0?g=2' });
  });

  it('never asks again for a page without a picture, and keeps a cached page cached on a new link', () => {
    const index = new PageImageIndex(tempCache().bulk);
    index.noteLinks('w', [linkedRecord({ id: '1', pages: 2 })], 1);
    index.markWithout({ workspace_id: 'w', task_id: 't1', page: 0 }, 'unavailable', 'no picture');
    index.markCached({ workspace_id: 'w', task_id: 't1', page: 1 }, { hash: 'a'.repeat(64), size: 10, mimeType: 'image/png' }, 5);
    expect(index.noteLinks('w', [linkedRecord({ id: '1', pages: 2, generation: 2 })], 6)).toBe(0);
    expect(index.row('w', '1', 0)?.state).toBe('unavailable');
    expect(index.row('w', '1', 1)).toMatchObject({ state: 'cached', url: 'http://img.test/1/1?g=2' });
  });

  it('puts opened files before work queues and work queues before plain prefetch', () => {
    const index = new PageImageIndex(tempCache().bulk);
    index.noteLinks('w', ['1', '2', '3'].map((id, i) => linkedRecord({ id, updatedAt: `2026-01-0${i + 1}T00:00:00Z` })), 1);
    index.prefer('w', ['1'], PRIORITY.queue, 2);
    index.prefer('w', ['2'], PRIORITY.opened, 3);
    const order = [];
    const busy = new Set<string>();
    for (let row = index.nextQueued(PRIORITY.prefetch, busy); row; row = index.nextQueued(PRIORITY.prefetch, busy)) {
      order.push(row.file_id);
      busy.add(`w\u0000${row.task_id}\u00000`);
    }
    expect(order).toEqual(['2', '1', '3']);
    expect(index.nextQueued(PRIORITY.queue, new Set())?.file_id).toBe('2');
  });

  it('queues evicted pages again only when their files are restored, not when merely preferred', () => {
    const index = new PageImageIndex(tempCache().bulk);
    index.noteLinks('w', ['1', '2'].map((id) => linkedRecord({ id })), 1);
    ['1', '2'].forEach((id, i) => index.markCached({ workspace_id: 'w', task_id: `t${id}`, page: 0 }, { hash: String(i + 1).repeat(64), size: 10, mimeType: 'image/png' }, 1));
    index.evictAll();
    index.prefer('w', ['1', '2'], PRIORITY.queue, 2);
    index.restore('w', ['1']);
    expect(['1', '2'].map((id) => index.row('w', id, 0)?.state)).toEqual(['queued', 'evicted']);
  });

  it('counts a picture shared by several pages once', () => {
    const index = new PageImageIndex(tempCache().bulk);
    index.noteLinks('w', [linkedRecord({ id: '1', pages: 2 })], 1);
    for (const page of [0, 1]) index.markCached({ workspace_id: 'w', task_id: 't1', page }, { hash: 'b'.repeat(64), size: 100, mimeType: 'image/png' }, 1);
    expect(index.totals()).toEqual({ bytes: 100, pages: 2 });
  });
});
