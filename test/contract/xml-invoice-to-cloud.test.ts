import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/main/core/api/index.js';
import type { DocketCore } from '../../src/main/core/docket-core.js';
import { RecognitionStatus } from '../../src/shared/api/index.js';
import type { UploadProgress } from '../../src/shared/ipc/channels/uploads.js';
import { E_INVOICE_FIXTURES } from '../fixtures/e-invoice/factur-x-pdf.js';
import { pdfContents } from '../support/pdf-contents.js';
import { until } from '../support/poll.js';
import { newCore } from '../sync/sync-harness.js';
import { defaultWorkspace, startEngineProcess, waitForTask, type EngineProcess } from './engine-process.js';

// The engine started as a cloud stand-in: no XML reader, as the cloud service has none.
let cloud: EngineProcess;
let ws: string;
let dir: string;
const cores: DocketCore[] = [];
const CII = join(E_INVOICE_FIXTURES, 'nordlicht.cii.xml');
const POLL = { timeoutMs: 60_000, stepMs: 50 };

beforeAll(async () => {
  cloud = await startEngineProcess({ args: ['--cloud-stand-in'] });
  ws = await defaultWorkspace(cloud);
  dir = await mkdtemp(join(tmpdir(), 'docket-xml-cloud-'));
}, 60_000);

afterAll(async () => {
  for (const core of cores) await core.close();
  await cloud?.stop();
});

async function startedCore(xmlAsDrawnPdf: boolean): Promise<DocketCore> {
  const core = await newCore(cloud.origin, { uploads: { xmlAsDrawnPdf } });
  cores.push(core);
  core.start();
  return core;
}

/** Every original the stand-in stored, by content (its blob store: originals/<2 hex>/<sha256>). */
async function storedOriginals(): Promise<Uint8Array[]> {
  const root = join(cloud.dataDir, 'originals');
  const folders = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory());
  const files = await Promise.all(folders.map(async (f) => (await readdir(join(root, f.name))).map((name) => join(root, f.name, name))));
  return Promise.all(files.flat().map(async (path) => new Uint8Array(await readFile(path))));
}

describe('an XML invoice uploaded with a cloud account', () => {
  it('the stand-in refuses a bare XML, as the cloud does', async () => {
    const refusal = await cloud.client.files.upload(CII, { workspace_id: ws }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe(40303);
  });

  it('goes as a drawn PDF whose factur-x.xml is the original, which the stand-in reads, and the desk says so', async () => {
    const xml = join(dir, 'nordlicht.cii.xml');
    await copyFile(CII, xml);
    const broken = join(dir, 'broken.xml');
    await writeFile(broken, (await readFile(CII, 'utf8')).slice(0, 600));
    const core = await startedCore(true);
    const progress: UploadProgress[] = [];
    core.events.on('upload-progress', (p) => progress.push(p));

    const { queued, refused } = await core.uploads.enqueue({ paths: [xml, broken], options: { workspace_id: ws } });
    // The malformed one is refused with the reader's words, never queued, and stays where it was.
    expect(refused.map((r) => [r.name, r.warnings.map((w) => w.code)])).toEqual([['broken.xml', ['unreadable']]]);
    expect(refused[0]!.warnings[0]!.message).toMatch(/^broken\.xml is not well-formed XML.*not sent to the cloud/);
    expect(await readFile(broken, 'utf8')).toHaveLength(600);
    expect(queued.map((u) => [u.file_name, u.sent_as])).toEqual([['nordlicht.cii.xml', 'factur-x']]);

    await until(() => core.uploads.view(queued[0]!.upload_id)?.state === 'uploaded', { ...POLL, what: 'the upload' });
    const upload = core.uploads.view(queued[0]!.upload_id)!;
    expect(upload).toMatchObject({ file_name: 'nordlicht.cii.xml', sent_as: 'factur-x', error: null });
    expect(core.journal.list().find((e) => e.kind === 'upload.uploaded')?.detail).toMatchObject({ sent_as: 'factur-x' });
    // Progress is told in shares of the file the row shows, whatever the drawn PDF weighs.
    expect(progress.at(-1)).toEqual({ uploadId: upload.upload_id, sentBytes: upload.size, totalBytes: upload.size });

    // What the stand-in received: a PDF, whose attached factur-x.xml is the clerk's file byte for byte.
    const [original, ...others] = await storedOriginals();
    expect(others).toEqual([]);
    const received = await pdfContents(original!);
    expect([...received.attachments.keys()]).toEqual(['factur-x.xml']);
    expect(Buffer.from(received.attachments.get('factur-x.xml')!).equals(await readFile(CII))).toBe(true);

    // ... and read, from its print (the stand-in reads no XML).
    const file = await waitForTask(cloud.client, ws, upload.task_id!, 90_000);
    expect(file).toMatchObject({ name: 'nordlicht.cii.pdf', format: 'pdf', recognition_status: RecognitionStatus.success });
    const text = file.document!.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
    for (const printed of ['RE-2024-117', 'Nordlicht Werkstatt GmbH', '416.50']) expect(text).toContain(printed);
  }, 120_000);

  it('with the local engine the desk sends the XML as it is, which the stand-in refuses', async () => {
    const xml = join(dir, 'as-it-is.cii.xml');
    await copyFile(CII, xml);
    const core = await startedCore(false);
    const { queued } = await core.uploads.enqueue({ paths: [xml], options: { workspace_id: ws }, allowDuplicates: true });
    expect(queued.map((u) => u.sent_as)).toEqual([null]);
    await until(() => core.uploads.view(queued[0]!.upload_id)?.state === 'failed', { ...POLL, what: 'the refusal' });
    expect(core.uploads.view(queued[0]!.upload_id)!.error?.message).toMatch(/not a supported file type/);
  });
});
