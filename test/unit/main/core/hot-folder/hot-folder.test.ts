import { appendFile, mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DONE_FOLDER, HotFolder, RefusedFile, type HotFolderOptions } from '../../../../../src/main/core/hot-folder/index.js';
import type { HotFolderActivity } from '../../../../../src/shared/ipc/channels/hot-folder.js';
import { until } from '../../../../support/poll.js';

const STABLE_MS = 300;
/** A watcher answers within a few of its polls: a short step, a generous bound. */
const POLL = { timeoutMs: 10_000, stepMs: 20 };
const running: HotFolder[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((folder) => folder.stop()));
});

/** The upload queue's side of the hot folder, recording what it is given. */
function recordingQueue() {
  const enqueued: { path: string; name: string; size: number; id: string }[] = [];
  return {
    enqueued,
    sink: {
      async enqueue(file: { path: string; name: string; size: number }) {
        const id = `upload-${enqueued.length + 1}`;
        enqueued.push({ ...file, id });
        return id;
      },
    },
  };
}

async function started(options: Partial<HotFolderOptions> & { folder: string; ledgerPath: string }) {
  const queue = recordingQueue();
  const activity: HotFolderActivity[] = [];
  const folder = new HotFolder({
    stableForMs: STABLE_MS,
    moveToDone: true,
    upload: { workspace_id: '1' },
    sink: queue.sink,
    log: () => undefined,
    pollMs: 50,
    onActivity: (a) => activity.push(a),
    ...options,
  });
  running.push(folder);
  await folder.start();
  return { folder, queue, activity };
}

async function paths() {
  const dir = await mkdtemp(join(tmpdir(), 'docket-hot-'));
  const folder = join(dir, 'scans');
  await mkdir(folder);
  return { folder, ledgerPath: join(dir, 'hot-folder.json') };
}

/** The names a fresh hot folder hands to the queue once these files are written into it, sorted. */
async function handedOver(files: Record<string, string>): Promise<string[]> {
  const where = await paths();
  const { queue } = await started(where);
  for (const [name, text] of Object.entries(files)) await writeFile(join(where.folder, name), text);
  await until(() => queue.enqueued.length === Object.keys(files).length, POLL);
  return queue.enqueued.map((f) => f.name).sort();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('hot folder', () => {
  it('enqueues a new file once it has stayed unchanged for the stability time, and only once', async () => {
    const where = await paths();
    const { queue } = await started(where);
    await writeFile(join(where.folder, 'scan-001.pdf'), '%PDF-1.7 one');
    await until(() => queue.enqueued.length === 1, POLL);
    expect(queue.enqueued[0]).toMatchObject({ name: 'scan-001.pdf', size: 12 });
    await sleep(STABLE_MS * 2);
    expect(queue.enqueued).toHaveLength(1);
  });

  it('waits while a scanner is still writing the file', async () => {
    const where = await paths();
    const { queue } = await started(where);
    const path = join(where.folder, 'growing.pdf');
    await writeFile(path, '%PDF-1.7');
    const writingUntil = Date.now() + STABLE_MS * 3;
    while (Date.now() < writingUntil) {
      await appendFile(path, ' more bytes');
      await sleep(STABLE_MS / 4);
      expect(queue.enqueued).toHaveLength(0);
    }
    await until(() => queue.enqueued.length === 1, POLL);
  });

  it('moves an uploaded file into done/, keeping both files when a name repeats', async () => {
    const where = await paths();
    const { folder, queue, activity } = await started(where);
    for (const round of [1, 2]) {
      await writeFile(join(where.folder, 'invoice.pdf'), `%PDF-1.7 round ${round}`);
      await until(() => queue.enqueued.length === round, POLL);
      await folder.uploaded(queue.enqueued[round - 1]!.id);
    }
    expect((await readdir(where.folder)).filter((name) => name !== DONE_FOLDER)).toEqual([]);
    expect((await readdir(join(where.folder, DONE_FOLDER))).sort()).toEqual(['invoice (2).pdf', 'invoice.pdf']);
    expect(activity.filter((a) => a.event === 'moved')).toHaveLength(2);
  });

  it('after a restart, does not enqueue files it already handed over', async () => {
    const where = await paths();
    const first = await started({ ...where, moveToDone: false });
    await writeFile(join(where.folder, 'a.png'), 'png bytes');
    await until(() => first.queue.enqueued.length === 1, POLL);
    await first.folder.uploaded('upload-1');
    await first.folder.stop();

    const second = await started({ ...where, moveToDone: false });
    await writeFile(join(where.folder, 'b.png'), 'other png bytes');
    await until(() => second.queue.enqueued.length === 1, POLL);
    await sleep(STABLE_MS * 2);
    expect(second.queue.enqueued.map((f) => f.name)).toEqual(['b.png']);
  });

  it('takes Word and Excel 97-2003 files (.doc, .xls) as it takes the newer ones', async () => {
    expect(await handedOver({ 'letter.doc': 'doc', 'prices.XLS': 'xls' })).toEqual(['letter.doc', 'prices.XLS']);
  });

  it('takes e-invoices: XML alone (.xml) and OFD (.ofd)', async () => {
    expect(await handedOver({ 'rechnung.xml': '<Invoice/>', 'fapiao.OFD': 'ofd' })).toEqual(['fapiao.OFD', 'rechnung.xml']);
  });

  it('ignores partial and hidden files, and reports an unsupported format once', async () => {
    const where = await paths();
    const { queue, activity } = await started(where);
    await writeFile(join(where.folder, 'scan.pdf.part'), 'partial');
    await writeFile(join(where.folder, '.hidden.pdf'), 'hidden');
    await writeFile(join(where.folder, '~$report.docx'), 'office lock');
    await writeFile(join(where.folder, 'notes.exe'), 'nope');
    await sleep(STABLE_MS * 3);
    expect(queue.enqueued).toEqual([]);
    expect(activity.filter((a) => a.event === 'failed').map((a) => a.message)).toEqual(['not a supported format (.exe); left in place']);
  });

  it('says so when the folder does not exist, and starts once it appears', async () => {
    const where = await paths();
    const missing = join(where.folder, 'not-yet');
    const { folder, queue } = await started({ ...where, folder: missing });
    await until(() => folder.problem !== undefined, POLL);
    expect(folder.problem).toContain('does not exist');
    await mkdir(missing);
    await writeFile(join(missing, 'late.pdf'), '%PDF-1.7');
    await until(() => queue.enqueued.length === 1, POLL);
    expect(folder.problem).toBeUndefined();
  });

  it('reports a file the queue refuses for good once, and leaves it in place', async () => {
    const where = await paths();
    let offers = 0;
    const sink = {
      async enqueue(): Promise<string> {
        offers++;
        throw new RefusedFile('the same content is already uploaded');
      },
    };
    const { activity } = await started({ ...where, sink });
    await writeFile(join(where.folder, 'again.pdf'), '%PDF-1.7');
    await until(() => activity.length === 1, POLL);
    await sleep(STABLE_MS * 3);
    expect(offers).toBe(1);
    expect(activity[0]).toMatchObject({ event: 'failed', message: 'the same content is already uploaded' });
    expect(await readdir(where.folder)).toEqual(['again.pdf']);
  });

  it('tries a file again when the queue could not take it for now', async () => {
    const where = await paths();
    let refusals = 1;
    const accepted: string[] = [];
    const sink = {
      async enqueue(file: { name: string }) {
        if (refusals-- > 0) throw new Error('the upload store is busy');
        accepted.push(file.name);
        return 'upload-1';
      },
    };
    const { activity } = await started({ ...where, sink });
    await writeFile(join(where.folder, 'retry.pdf'), '%PDF-1.7');
    // The sink accepts before the ledger write and the activity that follows it.
    await until(() => activity.length === 2, POLL);
    expect(accepted).toEqual(['retry.pdf']);
    expect(activity.map((a) => a.event)).toEqual(['failed', 'enqueued']);
  });
});
