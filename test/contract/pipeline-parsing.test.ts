import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, IN_PROGRESS_STATUSES, type FileRecord, type UploadOptions } from '../../src/shared/api/index.js';
import { decodeImagePage } from '../../src/engine/pipeline/read/image/decode-image.js';
import { rotateRaster } from '../../src/engine/pipeline/read/image/raster.js';
import { letterDocx, workbookXlsx } from '../fixtures/legacy-office/twins.js';
import { makeDocx, makeXlsx } from '../fixtures/office-files.js';
import { makePhotoPage } from '../fixtures/photo-page.js';
import { encryptPdf, makePngBomb, makeScanPdf, makeTiff, makeTiffClaiming } from '../fixtures/scan-files.js';
import { drawRoundSeal } from '../fixtures/stamp-drawing.js';
import { makeTextImage } from '../fixtures/text-image.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { until } from '../support/poll.js';
import { useContractRig } from './contract-rig.js';
import { TEST_CREDENTIALS, defaultWorkspace, startEngineProcess, waitForTask } from './engine-process.js';

// Scans, photos and office files through the real engine process: OCR in its worker threads.
const rig = useContractRig();

const INVOICE = ['INVOICE', 'Invoice Number: INV-2026-0042', '购买方名称：北京星河科技有限公司'];
const invoiceImage = () => makeTextImage({ width: 820, height: 330, lines: INVOICE.map((text, i) => ({ text, x: 40, y: 80 + i * 90, size: 34 })) });

beforeAll(async () => {
  await rig.engine.client.categories.create({
    workspace_id: rig.workspaceId,
    name: 'Invoice',
    fields: [{ name: 'Invoice Number' }],
    sampleFiles: [await rig.writeTemp('sample.txt', 'INVOICE\nInvoice Number: S-1\n')],
  });
});

async function upload(name: string, content: Uint8Array, options: Partial<UploadOptions> = {}): Promise<string> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, content), { workspace_id: rig.workspaceId, ...options });
  return files[0]!.task_id;
}

async function processed(name: string, content: Uint8Array, options: Partial<UploadOptions> = {}): Promise<FileRecord> {
  return waitForTask(rig.engine.client, rig.workspaceId, await upload(name, content, options), 60_000);
}

const texts = (record: FileRecord) => record.document!.pages.map((p) => p.lines.map((l) => l.text));

async function turnedPng(png: Uint8Array, clockwise: 90 | 180 | 270): Promise<Uint8Array> {
  const raster = rotateRaster(await decodeImagePage(png, 'png', 0), clockwise);
  const canvas = createCanvas(raster.width, raster.height);
  canvas.getContext('2d').putImageData(new ImageData(raster.data, raster.width, raster.height), 0, 0);
  return new Uint8Array(canvas.toBuffer('image/jpeg', 92));
}

describe('scans and photos', () => {
  it('recognises a PNG invoice, classifies it and extracts its field with a position on the image', async () => {
    const record = await processed('invoice.png', invoiceImage().bytes);
    expect(record).toMatchObject({ recognition_status: 1, format: 'png', category: 'Invoice', total_page_num: 1 });
    expect(record.pages).toEqual([{ page: 0, angle: 0, width: 820, height: 330, dpi: 0 }]);
    expect(texts(record)).toEqual([INVOICE]);
    for (const line of record.document!.pages[0]!.lines) expect(line.charPositions).toHaveLength(Array.from(line.text).length);
    // The recognizer's doubts stay in the engine: a line is answered with the published members only.
    for (const line of record.document!.pages[0]!.lines) expect(Object.keys(line).sort()).toEqual(['charPositions', 'position', 'text']);
    const field = record.data!.fields.find((f) => f.key === 'Invoice Number')!;
    expect(field.value).toBe('INV-2026-0042');
    const [x1, y1] = field.position[0]!.vertices;
    expect(x1).toBeGreaterThan(250);
    expect(y1).toBeGreaterThan(100);
    expect(record.data!.stamps).toEqual([]);
  });

  it('finds the angle of a photo taken sideways and answers positions on the upright page', async () => {
    const record = await processed('sideways.jpg', await turnedPng(invoiceImage().bytes, 270));
    expect(record.pages).toEqual([{ page: 0, angle: 270, width: 820, height: 330, dpi: 0 }]);
    expect(texts(record)).toEqual([INVOICE]);
  });

  it('reads every page of a TIFF, and a scanned PDF at the dpi asked for', async () => {
    const second = makeTextImage({ width: 820, height: 200, lines: [{ text: 'Total Amount: 1,234.50', x: 40, y: 110, size: 34 }] });
    const tiff = await processed('two-pages.tiff', await makeTiff([invoiceImage().bytes, second.bytes]));
    expect(tiff.pages.map((p) => [p.page, p.angle, p.width, p.height, p.dpi])).toEqual([
      [0, 0, 820, 330, 0],
      [1, 0, 820, 200, 0],
    ]);
    expect(texts(tiff)).toEqual([INVOICE, ['Total Amount: 1,234.50']]);
    const scan = await processed('scan.pdf', await makeScanPdf([invoiceImage().bytes]), { parser: { dpi: 216 } });
    expect(scan.pages).toEqual([{ page: 0, angle: 0, width: 1785, height: 2526, dpi: 216 }]);
    expect(texts(scan)).toEqual([INVOICE]);
  });

  it('reports a red seal with its page, position, colour, shape and text', async () => {
    const image = makeTextImage({
      width: 800,
      height: 560,
      lines: [{ text: 'Invoice Number: INV-9', x: 40, y: 70, size: 34 }],
      draw: (context) => drawRoundSeal(context, 400, 320, 170, '北京星河科技有限公司', '发票专用章'),
    });
    const record = await processed('sealed.png', image.bytes);
    expect(record.recognition_status).toBe(1);
    expect(record.data!.stamps).toHaveLength(1);
    const stamp = record.data!.stamps[0]!;
    expect(stamp).toMatchObject({ page: 0, color: 'red', shape: 'circle', text: '北京星河科技有限公司 发票专用章', type: '发票专用章' });
    const [left, top, right] = stamp.position;
    expect(Math.abs(left! - 238)).toBeLessThan(15);
    expect(Math.abs(top! - 158)).toBeLessThan(15);
    expect(Math.abs(right! - 562)).toBeLessThan(15);
  });
});

describe('crop_flag', () => {
  it('cuts the cards on a scanner-bed photo into crop children, each recognised on its own', async () => {
    const photo = makePhotoPage(1000, 700, [
      { left: 50, top: 60, width: 420, height: 240, lines: ['INVOICE', 'Invoice Number: C-1'] },
      { left: 530, top: 380, width: 420, height: 240, lines: ['RECEIPT', 'Cashier: Ann'] },
    ]);
    const parent = await processed('bed.png', photo, { crop_flag: true });
    expect(parent).toMatchObject({ task_type: 2, recognition_status: 1, total_page_num: 1 });
    const children = parent.child_files!;
    expect(children).toHaveLength(2);
    children.forEach((child) => {
      expect(child).toMatchObject({ task_type: 3, parent_task_id: parent.task_id, recognition_status: 1, from_parent_position_list: [0] });
      expect(child.crop_info).toMatchObject({ page: 0, imageAngle: '0' });
    });
    const [first, second] = children;
    expect((first!.crop_info as unknown as { position: number[] }).position.slice(0, 2).map((v) => Math.round(v / 10))).toEqual([5, 6]);
    expect(first).toMatchObject({ category: 'Invoice' });
    expect(first!.data!.fields[0]).toMatchObject({ key: 'Invoice Number', value: 'C-1' });
    const secondDoc = (await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: second!.task_id, with_document: true })).files[0]!;
    expect(texts(secondDoc)).toEqual([['RECEIPT', 'Cashier: Ann']]);
    // A child's page is its crop, about the card's size.
    expect(Math.abs(secondDoc.pages[0]!.width - 420)).toBeLessThan(15);
  });
});

describe('encrypted PDFs', () => {
  it('fails without the password or with a wrong one, and succeeds when retried with the right one', async () => {
    const encrypted = encryptPdf(await makeTextPdf([['INVOICE', 'Invoice Number: P-7']]), 'correct horse');
    const missing = await processed('locked.pdf', encrypted);
    expect(missing).toMatchObject({ recognition_status: 2, failure_causes: 'This PDF is password-protected: retry with its password (pdf_pwd).' });
    const wrong = await processed('locked-wrong.pdf', encrypted, { parser: { pdf_pwd: 'battery staple' } });
    expect(wrong).toMatchObject({ recognition_status: 2, failure_causes: 'The PDF password is wrong: retry with the right one (pdf_pwd).' });
    await rig.engine.client.files.retry({ workspace_id: rig.workspaceId, task_id: wrong.task_id, parser_params: { pdf_pwd: 'correct horse' } });
    const opened = await waitForTask(rig.engine.client, rig.workspaceId, wrong.task_id);
    expect(opened).toMatchObject({ recognition_status: 1, category: 'Invoice' });
    expect(opened.data!.fields[0]!.value).toBe('P-7');
    expect(opened.parser_params).not.toHaveProperty('pdf_pwd');
  });
});

describe('office documents', () => {
  it('reads a DOCX and an XLSX as text on synthetic pages', async () => {
    const docx = await processed('letter.docx', makeDocx(['INVOICE', 'Invoice Number: W-1']));
    expect(docx).toMatchObject({ recognition_status: 1, category: 'Invoice' });
    expect(texts(docx)).toEqual([['INVOICE', 'Invoice Number: W-1']]);
    const xlsx = await processed('book.xlsx', await makeXlsx({ Sheet1: [['Item', 'Amount'], ['Pen', 3.5]] }));
    expect(xlsx.recognition_status).toBe(1);
    expect(texts(xlsx)).toEqual([['Item  Amount', 'Pen   3.5']]);
  });

  it('reads a DOC and an XLS as their DOCX and XLSX twins: the same pages and lines', async () => {
    const legacy = (name: string) => readFile(join(import.meta.dirname, '../fixtures/legacy-office', name));
    const [doc, docx, xls, xlsx] = await Promise.all([
      processed('letter.doc', await legacy('letter.doc')),
      processed('letter-twin.docx', letterDocx()),
      processed('workbook.xls', await legacy('workbook.xls')),
      processed('workbook-twin.xlsx', await workbookXlsx()),
    ]);
    for (const record of [doc, docx, xls, xlsx]) expect(record.recognition_status, record.name).toBe(1);
    expect(doc.document).toEqual(docx.document);
    expect(texts(doc)[0]).toContain('Total due: EUR 23.90');
    expect(xls.document).toEqual(xlsx.document);
    expect(texts(xls)).toHaveLength(2);
  });
});

describe('bad input', () => {
  it('fails empty, truncated, corrupt and unreadable files with causes a clerk understands', async () => {
    const png = invoiceImage().bytes;
    const cases: [string, Uint8Array, RegExp][] = [
      ['empty.png', new Uint8Array(), /The file is empty/],
      ['cut.png', png.subarray(0, png.length - 200), /PNG image is truncated/],
      ['noise.jpg', new Uint8Array(2000).fill(7), /not a readable JPEG image/],
      ['broken.docx', new TextEncoder().encode('PK but not a zip'), /not a readable DOCX/],
      ['old.doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), /not a readable DOC file.*save it as DOCX or PDF/],
      ['cut.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /The XLS document could not be read \(damaged/],
      ['many.tiff', makeTiffClaiming(Array.from({ length: 1001 }, () => ({ width: 1, height: 1 }))), /more than 1000 pages/],
      ['blank.png', makeTextImage({ width: 400, height: 300, lines: [] }).bytes, /No text was found/],
    ];
    const taskIds = await Promise.all(cases.map(([name, bytes]) => upload(name, bytes)));
    for (const [i, taskId] of taskIds.entries()) {
      const record = await waitForTask(rig.engine.client, rig.workspaceId, taskId);
      expect(record.recognition_status, cases[i]![0]).toBe(2);
      expect(record.failure_causes, cases[i]![0]).toMatch(cases[i]![2]);
    }
  });

  it('fails a decompression bomb before decoding it, while a good file uploaded with it succeeds', async () => {
    const [bomb, good] = await Promise.all([upload('bomb.png', makePngBomb(12_000, 12_000)), upload('good.png', invoiceImage().bytes)]);
    const [bombRecord, goodRecord] = await Promise.all([waitForTask(rig.engine.client, rig.workspaceId, bomb, 60_000), waitForTask(rig.engine.client, rig.workspaceId, good, 60_000)]);
    expect(bombRecord.recognition_status).toBe(2);
    expect(bombRecord.failure_causes).toMatch(/12000 × 12000 pixels \(144 megapixels\); the engine reads at most 100 megapixels per page/);
    expect(goodRecord.recognition_status).toBe(1);
    expect(texts(goodRecord)).toEqual([INVOICE]);
  });
});

describe('stopping the engine', () => {
  it('leaves a scan being recognised to be recognised again after the restart', async () => {
    const own = await startEngineProcess();
    const ownWorkspace = await defaultWorkspace(own);
    const page = makeTextImage({ width: 1240, height: 1754, lines: Array.from({ length: 16 }, (_, i) => ({ text: `Line ${i}: payment within thirty days`, x: 80, y: 100 + i * 96, size: 30 })) });
    const { files } = await own.client.files.upload(await rig.writeTemp('stopped-scan.tiff', await makeTiff([page.bytes, page.bytes, page.bytes])), { workspace_id: ownWorkspace });
    const taskId = files[0]!.task_id;
    await until(
      async () => {
        const status = (await own.client.files.fetch({ workspace_id: ownWorkspace, task_id: taskId })).files[0]!.recognition_status;
        if (status !== 20) expect((IN_PROGRESS_STATUSES as readonly number[]).includes(status), `status ${status}`).toBe(true);
        return status === 20;
      },
      { timeoutMs: 120_000, stepMs: 50, what: 'the scan to be recognised (status 20)' },
    );
    expect(await own.stop()).toBe(0);
    const again = await startEngineProcess({ dataDir: own.dataDir });
    try {
      const record = await waitForTask(again.client, ownWorkspace, taskId, 60_000);
      expect(record.recognition_status).toBe(1);
      expect(texts(record).map((lines) => [lines.length, lines[15]])).toEqual(Array.from({ length: 3 }, () => [16, 'Line 15: payment within thirty days']));
    } finally {
      await again.stop();
    }
  }, 120_000);
});

describe('responsiveness', () => {
  /** One authenticated /workspace/list round trip, in milliseconds. */
  async function listTime(): Promise<number> {
    const started = performance.now();
    const response = await fetch(`${rig.engine.origin}${API_PREFIX}/workspace/list`, { headers: { 'x-ti-app-id': TEST_CREDENTIALS.appId, 'x-ti-secret-code': TEST_CREDENTIALS.secret } });
    await response.arrayBuffer();
    return performance.now() - started;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('answers /workspace/list quickly while a multi-page scan is being recognised', async () => {
    const reference: number[] = [];
    for (let i = 0; i < 20; i++) reference.push(await listTime());
    const page = makeTextImage({
      width: 1240,
      height: 1754,
      lines: Array.from({ length: 16 }, (_, i) => ({ text: i % 2 ? `Line ${i}: payment within thirty days of receipt` : `第${i}行：购买方名称北京星河科技有限公司`, x: 80, y: 100 + i * 96, size: 30 })),
    });
    const started = performance.now();
    const taskId = await upload('long-scan.tiff', await makeTiff([page.bytes, page.bytes, page.bytes]));
    const during: number[] = [];
    let record: FileRecord;
    for (;;) {
      during.push(await listTime());
      record = (await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: taskId })).files[0]!;
      if (!(IN_PROGRESS_STATUSES as readonly number[]).includes(record.recognition_status)) break;
    }
    const perPage = (performance.now() - started) / 3;
    expect(record.recognition_status).toBe(1);
    expect(during.length).toBeGreaterThan(10);
    // Were the pages read on the engine's main thread, requests would wait for whole pages.
    const summary = `idle median ${median(reference).toFixed(1)} ms, busy median ${median(during).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms, ${perPage.toFixed(0)} ms per page`;
    expect(median(during), summary).toBeLessThan(Math.max(10 * median(reference), perPage / 20));
    expect(Math.max(...during), summary).toBeLessThan(perPage / 2);
  }, 120_000);
});
