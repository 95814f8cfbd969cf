import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageImageBlobs } from '../../../../../src/main/core/page-images/page-image-blobs.js';
import { PageImageDownloader, type RelinkResult } from '../../../../../src/main/core/page-images/page-image-downloader.js';
import type { PageImageOutcome } from '../../../../../src/main/core/page-images/page-image-fetch.js';
import { PageImageIndex } from '../../../../../src/main/core/page-images/page-image-index.js';
import { tempCache } from '../store/cache-fixture.js';
import { linkedRecord } from './page-image-fixture.js';

// The downloader's decisions, with the link answers scripted; over real HTTP see test/sync/page-images.test.ts.
function rig(answer: (url: string) => PageImageOutcome, relink: () => RelinkResult = () => ({ kind: 'done' })) {
  const index = new PageImageIndex(tempCache().bulk);
  const blobs = new PageImageBlobs(mkdtempSync(join(tmpdir(), 'docket-blobs-')));
  const asked: string[] = [];
  let generation = 1;
  const changed: string[] = [];
  const downloader = new PageImageDownloader({
    index,
    blobs,
    fetchImage: async (url) => (asked.push(url), answer(url)),
    relink: async (workspaceId) => {
      const result = relink();
      if (result.kind === 'done') index.noteLinks(workspaceId, [linkedRecord({ id: '1', generation: ++generation })], 2);
      return result;
    },
    minPriority: () => 0,
    limitBytes: () => 1_000,
    stored: async () => undefined,
    changed: (_ws, fileId) => changed.push(fileId),
    clock: { now: () => 5 },
    concurrency: 2,
  });
  index.noteLinks('w', [linkedRecord({ id: '1' })], 1);
  return { index, downloader, asked, changed, row: () => index.row('w', '1', 0)! };
}

const PICTURE: PageImageOutcome = { kind: 'ok', bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/png' };

describe('the page image downloader', () => {
  it('stores a picture and says so', async () => {
    const r = rig(() => PICTURE);
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.row()).toMatchObject({ state: 'cached', size: 3, mime_type: 'image/png' });
    expect(r.changed).toEqual(['1']);
  });

  it('fetches a refused link again once, fresh, and then gets the picture', async () => {
    const r = rig((url) => (url.endsWith('g=1') ? { kind: 'refused', reason: '403' } : PICTURE));
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.asked).toEqual(['http://img.test/1/0?g=1', 'http://img.test/1/0?g=2']);
    expect(r.row().state).toBe('cached');
  });

  it('gives up on a page refused even with a fresh link, until it is wanted again', async () => {
    const r = rig(() => ({ kind: 'refused', reason: '403' }));
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.asked).toHaveLength(2);
    expect(r.row()).toMatchObject({ state: 'failed', reason: expect.stringMatching(/fresh link/) });
  });

  it('marks a page the server cannot draw as having no picture', async () => {
    const r = rig(() => ({ kind: 'no-picture', reason: 'the local engine cannot draw DOCX pages' }));
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.row()).toMatchObject({ state: 'unavailable', reason: 'the local engine cannot draw DOCX pages' });
  });

  it('leaves the page queued and stops while offline, and resumes when kicked', async () => {
    let online = false;
    const r = rig(() => (online ? PICTURE : { kind: 'offline', reason: 'refused' }));
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.downloader.offline).toBe(true);
    expect(r.row().state).toBe('queued');
    online = true;
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.row().state).toBe('cached');
  });

  it('leaves a refused page queued when the fresh link cannot be had offline', async () => {
    const r = rig(() => ({ kind: 'refused', reason: '403' }), () => ({ kind: 'offline' }));
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.row().state).toBe('queued');
  });

  it('does not keep a picture larger than the whole cache', async () => {
    const r = rig(() => ({ kind: 'ok', bytes: new Uint8Array(2_000), mimeType: 'image/png' }));
    r.downloader.kick();
    await r.downloader.idle();
    expect(r.row()).toMatchObject({ state: 'unavailable', reason: expect.stringMatching(/larger than the whole image cache/) });
  });
});
