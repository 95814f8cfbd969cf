import { request } from 'node:http';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileList, PageInfo, type FileRecord, type UploadOptions } from '../../src/shared/api/index.js';
import { makeDocx } from '../fixtures/office-files.js';
import { makePhotoPage } from '../fixtures/photo-page.js';
import { makeTiff } from '../fixtures/scan-files.js';
import { makeTextImage } from '../fixtures/text-image.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { until } from '../support/poll.js';
import { useContractRig } from './contract-rig.js';
import { defaultWorkspace, startEngineProcess, waitForTask } from './engine-process.js';

// Page images through the real engine process: signed loopback links answered with the page as the engine read it.
const rig = useContractRig();

const INVOICE = ['INVOICE', 'Invoice Number: INV-2026-0042', 'Total Amount: 1,234.50'];
const invoiceImage = () => makeTextImage({ width: 820, height: 330, lines: INVOICE.map((text, i) => ({ text, x: 40, y: 80 + i * 90, size: 34 })) });
const IMAGE_URL = /^http:\/\/127\.0\.0\.1:\d+\/page-images\/\d{19}\/\d+\?expires=\d+&sig=[A-Za-z0-9_-]{43}$/;

beforeAll(async () => {
  const sample = (name: string, text: string) => rig.writeTemp(name, text);
  await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Invoice', fields: [{ name: 'Invoice Number' }], sampleFiles: [await sample('invoice.txt', 'INVOICE\nInvoice Number: S-1\nTotal Amount: 10.00\n')] });
  await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Receipt', fields: [{ name: 'Cashier' }], sampleFiles: [await sample('receipt.txt', 'RECEIPT\nCashier: Ann\nChange due: 0.50\n')] });
});

async function processed(name: string, content: Uint8Array, options: Partial<UploadOptions> = {}): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, content), { workspace_id: rig.workspaceId, ...options });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 60_000);
}

/** The task as file/fetch answers it with image URLs; checked against the shared response schema too. */
async function withImages(taskId: string): Promise<FileRecord> {
  const answer = await rig.raw('GET', '/file/fetch', { query: { workspace_id: rig.workspaceId, task_id: taskId, with_image_url: 'true' } });
  expect(answer.code).toBe(200);
  return FileList.parse(answer.result).files[0]!;
}

/** What an `<img>` gets: no credential headers. */
async function getImage(url: string) {
  const response = await fetch(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), cacheControl: response.headers.get('cache-control'), bytes };
}

async function decoded(url: string, type: 'image/png' | 'image/jpeg') {
  const answer = await getImage(url);
  expect([answer.status, answer.type]).toEqual([200, type]);
  expect(answer.cacheControl).toMatch(/^private, max-age=\d+$/);
  return loadImage(Buffer.from(answer.bytes));
}

/** Every page has a signed URL whose image decodes at the page's size as fetch reports it. */
async function expectPagesDrawn(record: FileRecord, type: 'image/png' | 'image/jpeg'): Promise<void> {
  expect(record.pages.length).toBeGreaterThan(0);
  for (const page of record.pages) {
    expect(PageInfo.parse(page).image_url).toMatch(IMAGE_URL);
    const image = await decoded(page.image_url!, type);
    expect([image.width, image.height]).toEqual([page.width, page.height]);
  }
}

/** Mean grey-level difference of two pictures, both shrunk to 82 x 33. */
async function difference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const grey = async (bytes: Uint8Array) => {
    const canvas = createCanvas(82, 33);
    const context = canvas.getContext('2d');
    context.drawImage(await loadImage(Buffer.from(bytes)), 0, 0, 82, 33);
    const { data } = context.getImageData(0, 0, 82, 33);
    return Array.from({ length: 82 * 33 }, (_, i) => (data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / 3);
  };
  const [ga, gb] = [await grey(a), await grey(b)];
  return ga.reduce((sum, v, i) => sum + Math.abs(v - gb[i]!), 0) / ga.length;
}

function turned(png: Uint8Array, clockwise: 90 | 180 | 270, as: 'image/jpeg' | 'image/png'): Promise<Uint8Array> {
  return loadImage(Buffer.from(png)).then((image) => {
    const sideways = clockwise !== 180;
    const canvas = createCanvas(sideways ? image.height : image.width, sideways ? image.width : image.height);
    const context = canvas.getContext('2d');
    context.translate(canvas.width / 2, canvas.height / 2);
    context.rotate((clockwise * Math.PI) / 180);
    context.drawImage(image, -image.width / 2, -image.height / 2);
    return new Uint8Array(as === 'image/jpeg' ? canvas.toBuffer('image/jpeg', 92) : canvas.toBuffer('image/png'));
  });
}

/** A request sent exactly as written: fetch() would resolve '..' before sending it. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(rig.engine.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('page images (file/fetch with_image_url)', () => {
  it('adds no image URLs unless asked', async () => {
    const record = await processed('plain.pdf', await makeTextPdf([INVOICE]));
    const plain = (await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: record.task_id })).files[0]!;
    expect(plain.pages[0]).not.toHaveProperty('image_url');
  });

  it('draws every page of a PDF at the dpi it was read at, and keeps the drawing in the disk cache', async () => {
    const record = await processed('two-pages.pdf', await makeTextPdf([INVOICE, ['RECEIPT', 'Cashier: Bob']]));
    const fetched = await withImages(record.task_id);
    expect(fetched.pages.map((p) => [p.width, p.height, p.dpi])).toEqual([
      [1190, 1684, 144],
      [1190, 1684, 144],
    ]);
    await expectPagesDrawn(fetched, 'image/png');
    expect(fetched.pages[0]!.image_url).not.toBe(fetched.pages[1]!.image_url);
    const again = await getImage(fetched.pages[0]!.image_url!);
    expect(again.bytes).toEqual((await getImage(fetched.pages[0]!.image_url!)).bytes);
    expect((await readdir(join(rig.engine.dataDir, 'page-images'))).length).toBeGreaterThanOrEqual(2);

    const fine = await withImages((await processed('fine.pdf', await makeTextPdf([INVOICE]), { parser: { dpi: 216 } })).task_id);
    expect(fine.pages.map((p) => [p.width, p.height, p.dpi])).toEqual([[1785, 2526, 216]]);
    await expectPagesDrawn(fine, 'image/png');
  });

  it('draws every page of a multi-page TIFF', async () => {
    const second = makeTextImage({ width: 820, height: 200, lines: [{ text: 'Total Amount: 1,234.50', x: 40, y: 110, size: 34 }] });
    const record = await withImages((await processed('two-pages.tiff', await makeTiff([invoiceImage().bytes, second.bytes]))).task_id);
    expect(record.pages.map((p) => [p.width, p.height])).toEqual([
      [820, 330],
      [820, 200],
    ]);
    await expectPagesDrawn(record, 'image/png');
  });

  it('draws a PNG as it is, and a sideways JPEG turned upright as the engine read it', async () => {
    const upright = invoiceImage().bytes;
    const png = await withImages((await processed('invoice.png', upright)).task_id);
    await expectPagesDrawn(png, 'image/png');
    expect(await difference((await getImage(png.pages[0]!.image_url!)).bytes, upright)).toBeLessThan(1);

    const jpeg = await withImages((await processed('sideways.jpg', await turned(upright, 270, 'image/jpeg'))).task_id);
    expect(jpeg.pages[0]).toMatchObject({ angle: 270, width: 820, height: 330 });
    await expectPagesDrawn(jpeg, 'image/jpeg');
    // The picture is the upright page: the field boxes, given on the upright page, land on the text.
    const served = (await getImage(jpeg.pages[0]!.image_url!)).bytes;
    const [asUpright, asUpsideDown] = [await difference(served, upright), await difference(served, await turned(upright, 180, 'image/png'))];
    expect(asUpright).toBeLessThan(4);
    expect(asUpsideDown).toBeGreaterThan(asUpright * 3);
  });

  it('gives split children the pages of their parent', async () => {
    const record = await withImages((await processed('split.pdf', await makeTextPdf([INVOICE, ['RECEIPT', 'Cashier: Bob']]), { split_flag: true })).task_id);
    const children = record.child_files!;
    expect(children.map((c) => c.from_parent_position_list)).toEqual([[0], [1]]);
    for (const [i, child] of children.entries()) {
      await expectPagesDrawn(child as FileRecord, 'image/png');
      const [own, parents] = [await getImage(child.pages[0]!.image_url!), await getImage(record.pages[i]!.image_url!)];
      expect(own.bytes).toEqual(parents.bytes);
    }
  });

  it('gives crop children their own region of the parent page', async () => {
    const photo = makePhotoPage(1000, 700, [
      { left: 50, top: 60, width: 420, height: 240, lines: ['INVOICE', 'Invoice Number: C-1'] },
      { left: 530, top: 380, width: 420, height: 240, lines: ['RECEIPT', 'Cashier: Ann'] },
    ]);
    const record = await withImages((await processed('bed.png', photo, { crop_flag: true })).task_id);
    expect(record.child_files).toHaveLength(2);
    await expectPagesDrawn(record, 'image/png');
    for (const child of record.child_files!) {
      expect(child.task_type).toBe(3);
      await expectPagesDrawn(child as FileRecord, 'image/png');
      expect(Math.abs(child.pages[0]!.width - 420)).toBeLessThan(15);
    }
  });

  it('answers 415 with a clear body for pages it cannot draw (DOCX)', async () => {
    const record = await withImages((await processed('letter.docx', makeDocx(['INVOICE', 'Invoice Number: W-1']))).task_id);
    const url = record.pages[0]!.image_url!;
    expect(url).toMatch(IMAGE_URL);
    const answer = await getImage(url);
    expect(answer.status).toBe(415);
    expect(JSON.parse(new TextDecoder().decode(answer.bytes))).toMatchObject({ code: 40304, msg: expect.stringContaining('cannot draw DOCX pages') });
  });
});

describe('page image links refused', () => {
  let first: FileRecord;
  let other: FileRecord;

  beforeAll(async () => {
    first = await withImages((await processed('first.pdf', await makeTextPdf([INVOICE, ['RECEIPT', 'Cashier: Bob']]))).task_id);
    other = await withImages((await processed('other.pdf', await makeTextPdf([INVOICE]))).task_id);
  }, 60_000);

  async function expect403(url: string, msg: RegExp): Promise<void> {
    const answer = await getImage(url);
    expect(answer.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(answer.bytes))).toMatchObject({ code: 40301, msg: expect.stringMatching(msg) });
  }

  it('refuses a link with one character changed', async () => {
    const url = first.pages[0]!.image_url!;
    const at = url.indexOf('sig=') + 10;
    await expect403(url.slice(0, at) + (url[at] === 'x' ? 'y' : 'x') + url.slice(at + 1), /does not match its signature/);
    await expect403(url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 86_400}`), /does not match its signature/);
  });

  it("refuses another file's or another page's link", async () => {
    const url = first.pages[0]!.image_url!;
    await expect403(url.replace(`/${first.id}/`, `/${other.id}/`), /another file's or page's/);
    await expect403(url.replace(/\/0\?/, '/1?'), /another file's or page's/);
  });

  it('refuses path tricks and methods other than GET', async () => {
    const path = first.pages[0]!.image_url!.slice(rig.engine.origin.length);
    const query = path.slice(path.indexOf('?'));
    for (const tricked of [`/page-images/${other.id}/../${first.id}/0${query}`, `/page-images/${first.id}%2F0${query}`, `/page-images/${first.id}/0%2F..%2F..%2Fengine.sqlite${query}`, `/page-images/..%2F..%2Fpage-image-secret${query}`]) {
      const answer = await rawGet(tricked);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 40301, msg: expect.stringContaining('not a page image link') });
    }
    const post = await fetch(first.pages[0]!.image_url!, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
  });

  it('answers 404 once the file is deleted', async () => {
    await rig.engine.client.files.delete({ workspace_id: rig.workspaceId, task_id: [other.task_id] });
    const answer = await getImage(other.pages[0]!.image_url!);
    expect(answer.status).toBe(404);
  });

  it('refuses a link once it has expired', async () => {
    const engine = await startEngineProcess({ args: ['--page-image-ttl', '2'] });
    try {
      const workspaceId = await defaultWorkspace(engine);
      const { files } = await engine.client.files.upload(await rig.writeTemp('short.pdf', await makeTextPdf([INVOICE])), { workspace_id: workspaceId });
      await waitForTask(engine.client, workspaceId, files[0]!.task_id);
      const record = (await engine.client.files.fetch({ workspace_id: workspaceId, task_id: files[0]!.task_id, with_image_url: true })).files[0]!;
      const url = record.pages[0]!.image_url!;
      expect((await getImage(url)).status).toBe(200);
      const expired = await until(async () => {
        const answer = await getImage(url);
        return answer.status === 403 && answer;
      }, { timeoutMs: 5_000, what: () => 'the link to expire' });
      expect(JSON.parse(new TextDecoder().decode(expired.bytes))).toMatchObject({ code: 40301, msg: expect.stringMatching(/expired at .*with_image_url=true/) });
    } finally {
      await engine.stop();
      await rm(engine.dataDir, { recursive: true, force: true });
    }
  });
});
