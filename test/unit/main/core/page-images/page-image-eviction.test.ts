import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageImageBlobs } from '../../../../../src/main/core/page-images/page-image-blobs.js';
import { evictToFit } from '../../../../../src/main/core/page-images/page-image-eviction.js';
import { PageImageIndex } from '../../../../../src/main/core/page-images/page-image-index.js';
import { tempCache } from '../store/cache-fixture.js';
import { linkedRecord } from './page-image-fixture.js';

async function filled(sizes: readonly number[]) {
  const index = new PageImageIndex(tempCache().bulk);
  const blobs = new PageImageBlobs(mkdtempSync(join(tmpdir(), 'docket-blobs-')));
  index.noteLinks('w', [linkedRecord({ id: '1', pages: sizes.length })], 0);
  const hashes = [];
  for (const [page, size] of sizes.entries()) {
    const hash = await blobs.put(new Uint8Array(size).fill(page + 1));
    // Page n was last used at time n: page 0 is the least recently used.
    index.markCached({ workspace_id: 'w', task_id: 't1', page }, { hash, size, mimeType: 'image/png' }, page);
    hashes.push(hash);
  }
  return { index, blobs, hashes };
}

describe('evicting page images', () => {
  it('removes the least recently used pictures until the cache fits, files included', async () => {
    const { index, blobs, hashes } = await filled([100, 100, 100, 100]);
    index.touch({ workspace_id: 'w', task_id: 't1', page: 0 }, 10);
    expect(await evictToFit(index, blobs, 250)).toBe(2);
    expect(index.totals().bytes).toBeLessThanOrEqual(250);
    // Page 0 was used again at 10: pages 1 and 2 are the least recently used now.
    expect([0, 1, 2, 3].map((page) => index.row('w', '1', page)!.state)).toEqual(['cached', 'evicted', 'evicted', 'cached']);
    expect(await blobs.read(hashes[1]!)).toBeUndefined();
    expect(await blobs.read(hashes[3]!)).toBeDefined();
  });

  it('does nothing while the cache fits', async () => {
    const { index, blobs } = await filled([10, 20]);
    expect(await evictToFit(index, blobs, 30)).toBe(0);
    expect(index.totals()).toEqual({ bytes: 30, pages: 2 });
  });
});
