import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocketCore } from '../../src/main/core/docket-core.js';
import type { PageImageAnswer } from '../../src/shared/ipc/channels/page-images.js';
import type { FileRecord } from '../../src/shared/api/index.js';
import { defaultWorkspace, startEngineProcess, waitForTask, type EngineProcess } from '../contract/engine-process.js';
import { makeDocx } from '../fixtures/office-files.js';
import { makeTextImage } from '../fixtures/text-image.js';
import { until } from '../support/poll.js';
import { FaultProxy } from './fault-proxy.js';
import { coreClient, FAST_SYNC, tempDir } from './sync-harness.js';

// The page-image cache against the real engine over HTTP: files uploaded straight to the engine (as
// another desk or a scanner would), pulled by the core, their pages downloaded, kept and served offline.
const TTL_SECONDS = 3600;
let engine: EngineProcess;
let ws: string;
let pictures: FileRecord[];
let docx: FileRecord;

async function uploaded(name: string, bytes: Uint8Array): Promise<FileRecord> {
  const path = join(await tempDir('docket-image-src-'), name);
  await writeFile(path, bytes);
  const { files } = await engine.client.files.upload(path, { workspace_id: ws, batch_number: 'IMAGES' });
  return waitForTask(engine.client, ws, files[0]!.task_id, 90_000);
}

function picture(i: number): Uint8Array {
  const lines = [`RECEIPT ${i}`, `Reference: R-${1000 + i}`, 'x'.repeat(4 + i * 6)];
  return makeTextImage({ width: 420 + i * 40, height: 200, lines: lines.map((text, n) => ({ text, x: 20, y: 50 + n * 55, size: 26 })) }).bytes;
}

beforeAll(async () => {
  engine = await startEngineProcess({ args: ['--page-image-ttl', String(TTL_SECONDS)] });
  ws = await defaultWorkspace(engine);
  pictures = [];
  for (let i = 0; i < 4; i++) pictures.push(await uploaded(`receipt-${i}.png`, picture(i)));
  docx = await uploaded('letter.docx', makeDocx(['A letter', 'with two lines']));
}, 240_000);

afterAll(async () => {
  await engine?.stop();
});

async function openCore(origin: string, options: { cacheFile?: string; limitBytes?: number; prefetchShare?: number } = {}): Promise<DocketCore> {
  const cacheFile = options.cacheFile ?? join(await tempDir('docket-images-'), 'cache.sqlite');
  const pageImages = { ...(options.limitBytes === undefined ? {} : { limitBytes: options.limitBytes }), ...(options.prefetchShare === undefined ? {} : { prefetchShare: options.prefetchShare }) };
  return new DocketCore({ cacheFile, client: coreClient(origin), sync: FAST_SYNC, pageImages });
}

async function ready(core: DocketCore, file: FileRecord, page = 0): Promise<Extract<PageImageAnswer, { state: 'ready' }>> {
  let last: PageImageAnswer | undefined;
  return until(
    async () => {
      last = await core.pageImages.get({ workspace_id: ws, file_id: file.id, page });
      return last.state === 'ready' ? last : undefined;
    },
    { timeoutMs: 30_000, stepMs: 50, what: () => `the picture of ${file.name} (last: ${JSON.stringify(last)})` },
  );
}

/** The picture as an `<img>` gets it from the engine itself, through a fresh link. */
async function fromEngine(file: FileRecord): Promise<Uint8Array> {
  const { files } = await engine.client.files.fetch({ workspace_id: ws, task_id: file.task_id, with_image_url: true });
  const response = await fetch(files[0]!.pages[0]!.image_url!);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('the page-image cache', () => {
  it('refreshes a refused link by fetching the file again, and the picture still arrives', async () => {
    const proxy = await FaultProxy.start(engine.origin, { rewriteLinks: true });
    // Every link minted before this second (plus the pull's) is "old"; a refresh is held back long enough to mint a newer one.
    const cutoff = Math.ceil(Date.now() / 1000) + TTL_SECONDS + 1;
    proxy.setPlan((request) => {
      if (request.route.startsWith('/page-images/') && Number(request.query.get('expires')) <= cutoff) return { kind: 'status', status: 403 };
      if (request.route === '/file/fetch' && request.query.has('task_id')) return { kind: 'delay', ms: 2_100 };
      return { kind: 'pass' };
    });
    const core = await openCore(proxy.origin);
    try {
      await core.sync.syncNow();
      const image = await ready(core, pictures[0]!);
      expect(image.mime_type).toBe('image/png');
      expect(Buffer.from(image.bytes).equals(Buffer.from(await fromEngine(pictures[0]!)))).toBe(true);
      const images = proxy.log.filter((e) => e.route === `/page-images/${pictures[0]!.id}/0`);
      expect(images.map((e) => e.fault)).toEqual(['status', 'pass']);
      expect(images[1]!.upstreamStatus).toBe(200);
      expect(proxy.log.some((e) => e.route === '/file/fetch' && e.query.get('task_id') === pictures[0]!.task_id && e.query.get('with_image_url') === 'true')).toBe(true);
    } finally {
      await core.close();
      await proxy.close();
    }
  }, 60_000);

  it('marks a page the server cannot draw (415) as having no picture, without asking again', async () => {
    const core = await openCore(engine.origin);
    try {
      await core.sync.syncNow();
      const answer = await until(
        async () => {
          const got = await core.pageImages.get({ workspace_id: ws, file_id: docx.id, page: 0 });
          return got.state === 'unavailable' ? got : undefined;
        },
        { timeoutMs: 20_000, stepMs: 50 },
      );
      expect(answer).toMatchObject({ state: 'unavailable', pending: false, reason: expect.stringMatching(/DOCX/) });
    } finally {
      await core.close();
    }
  }, 30_000);

  it('stays under its limit and evicts the least recently used pictures first', async () => {
    const core = await openCore(engine.origin, { prefetchShare: 1 });
    try {
      await core.sync.syncNow();
      const sizes: number[] = [];
      for (const file of pictures) {
        sizes.push((await ready(core, file)).bytes.length);
        await sleep(5);
      }
      await core.pageImages.idle();
      expect(core.pageImages.info()).toMatchObject({ pages: 4, size_bytes: sizes.reduce((a, b) => a + b, 0) });
      // Used last: 3 then 2; pictures 0 and 1 are the least recently used.
      const limit = sizes[2]! + sizes[3]!;
      const info = await core.pageImages.setLimit(limit);
      expect(info).toMatchObject({ pages: 2, limit_bytes: limit });
      expect(info.size_bytes).toBeLessThanOrEqual(limit);
      expect((await core.pageImages.get({ workspace_id: ws, file_id: pictures[3]!.id, page: 0 })).state).toBe('ready');
      expect((await core.pageImages.get({ workspace_id: ws, file_id: pictures[2]!.id, page: 0 })).state).toBe('ready');
      await core.pageImages.stop();
      expect((await core.pageImages.get({ workspace_id: ws, file_id: pictures[0]!.id, page: 0 })).state).not.toBe('ready');
    } finally {
      await core.close();
    }
  }, 60_000);

  it('never holds more than its limit while prefetching', async () => {
    const sizes = await Promise.all(pictures.map(async (file) => (await fromEngine(file)).length));
    const limit = Math.max(...sizes) * 2;
    const core = await openCore(engine.origin, { limitBytes: limit, prefetchShare: 10 });
    try {
      await core.sync.syncNow();
      await until(async () => (await core.pageImages.idle(), core.pageImages.info().pages >= 1), { timeoutMs: 20_000 });
      await core.pageImages.idle();
      expect(core.pageImages.info().size_bytes).toBeLessThanOrEqual(limit);
    } finally {
      await core.close();
    }
  }, 60_000);

  it('serves pictures pulled before, after the engine is stopped and the app restarted', async () => {
    const cacheFile = join(await tempDir('docket-images-'), 'cache.sqlite');
    const first = await openCore(engine.origin, { cacheFile });
    const before: Uint8Array[] = [];
    try {
      await first.sync.syncNow();
      for (const file of pictures) before.push((await ready(first, file)).bytes);
    } finally {
      await first.close();
    }
    await engine.stop();
    const again = await openCore(engine.origin, { cacheFile });
    try {
      await again.sync.syncNow();
      expect(again.sync.state().mode).toBe('offline');
      for (const [i, file] of pictures.entries()) {
        const answer = await again.pageImages.get({ workspace_id: ws, file_id: file.id, page: 0 });
        expect(answer.state).toBe('ready');
        expect(Buffer.from((answer as { bytes: Uint8Array }).bytes).equals(Buffer.from(before[i]!))).toBe(true);
      }
      expect(again.pageImages.info().pages).toBe(4);
    } finally {
      await again.close();
    }
  }, 60_000);
});
