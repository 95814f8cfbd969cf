import type { PageImageBlobs } from './page-image-blobs.js';
import type { PageImageIndex } from './page-image-index.js';

/**
 * Removes the least recently used pictures until the cache holds at most `limitBytes`; answers how
 * many went. Their pages are marked evicted first, so a page is never served from a missing file
 * (a read that loses the race finds the file gone and queues the page again).
 */
export async function evictToFit(index: PageImageIndex, blobs: PageImageBlobs, limitBytes: number): Promise<number> {
  let { bytes } = index.totals();
  if (bytes <= limitBytes) return 0;
  let removed = 0;
  for (const { hash, size } of index.leastRecentlyUsed()) {
    if (bytes <= limitBytes) break;
    index.evict(hash);
    await blobs.remove(hash);
    bytes -= size;
    removed++;
  }
  return removed;
}
