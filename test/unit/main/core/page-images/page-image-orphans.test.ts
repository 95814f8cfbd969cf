import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageImages, DEFAULT_PAGE_IMAGE_OPTIONS } from '../../../../../src/main/core/page-images/page-images.js';
import { PageImageBlobs } from '../../../../../src/main/core/page-images/page-image-blobs.js';
import { PageImageIndex } from '../../../../../src/main/core/page-images/page-image-index.js';
import type { DocketClient } from '../../../../../src/main/core/api/index.js';
import type { CoreEvents } from '../../../../../src/main/core/core-events.js';
import { FileCache } from '../../../../../src/main/core/store/file-cache.js';
import { TypedEmitter } from '../../../../../src/main/core/typed-emitter.js';
import type { FileRecord } from '../../../../../src/shared/api/index.js';
import { tempCache } from '../store/cache-fixture.js';
import { linkedRecord } from './page-image-fixture.js';

/** A split parent (1) with children 2 and 3, every page linked; `children` says which the server still lists. */
function splitRecord(children: readonly string[]): FileRecord {
  const parent = linkedRecord({ id: '1', children: children.map((id) => ({ id })) });
  return { ...parent, child_files: (parent.child_files ?? []).map((child) => ({ ...child, pages: child.pages.map((page) => ({ ...page, image_url: `http://img.test/${child.id}/0` })) })) };
}

async function cachedSplit() {
  const db = tempCache();
  const files = new FileCache(db);
  const dir = mkdtempSync(join(tmpdir(), 'docket-orphans-'));
  const images = new PageImages({ db, files, client: {} as DocketClient, clock: { now: () => 1 }, events: new TypedEmitter<CoreEvents>() }, { ...DEFAULT_PAGE_IMAGE_OPTIONS, dir });
  const index = new PageImageIndex(db.bulk);
  const blobs = new PageImageBlobs(dir);
  const record = splitRecord(['2', '3']);
  files.upsertServerRecords('w', [record], 1);
  index.noteLinks('w', [record], 1);
  // The parent and child 2 show the same picture (one file on disk); child 3 has its own.
  const shared = await blobs.put(new Uint8Array([1, 2, 3]));
  const own = await blobs.put(new Uint8Array([4, 5, 6]));
  for (const [taskId, hash] of [['t1', shared], ['t2', shared], ['t3', own]] as const) index.markCached({ workspace_id: 'w', task_id: taskId, page: 0 }, { hash, size: 3, mimeType: 'image/png' }, 1);
  return { db, files, images, index, blobs, shared, own };
}

describe('page images of files gone from the cache', () => {
  it('are forgotten, and their pictures removed from disk unless a remaining page shows them', async () => {
    const { files, images, index, blobs, shared, own } = await cachedSplit();
    // The server no longer lists children 2 and 3: the pull removes them from the cache.
    files.upsertServerRecords('w', [splitRecord([])], 2);
    expect(await images.dropOrphans()).toBe(1);
    expect(index.row('w', '2', 0)).toBeUndefined();
    expect(index.row('w', '3', 0)).toBeUndefined();
    expect(index.row('w', '1', 0)?.state).toBe('cached');
    expect(await blobs.read(own)).toBeUndefined();
    expect(await blobs.read(shared)).toBeDefined();
    expect(images.info()).toMatchObject({ pages: 1, files: 1, size_bytes: 3 });
  });

  it('leave the pages of files still in the cache alone', async () => {
    const { images, index, blobs, own } = await cachedSplit();
    expect(await images.dropOrphans()).toBe(0);
    expect(index.row('w', '3', 0)?.state).toBe('cached');
    expect(await blobs.read(own)).toBeDefined();
    expect(images.info()).toMatchObject({ pages: 3, files: 3 });
  });
});
