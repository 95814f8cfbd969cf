import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import { drawRoundSeal } from '../fixtures/stamp-drawing.js';
import { makeTextImage } from '../fixtures/text-image.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

// The engine as the app ships it: out/main/engine.js and its page workers' bundle, made by `npm run build`.
const rig = useContractRig({ built: true });

beforeAll(async () => {
  await rig.engine.client.categories.create({
    workspace_id: rig.workspaceId,
    name: 'Invoice',
    fields: [{ name: 'Invoice Number' }],
    sampleFiles: [await rig.writeTemp('sample.txt', 'INVOICE\nInvoice Number: S-1\n')],
  });
});

async function processed(name: string, content: Uint8Array): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, content), { workspace_id: rig.workspaceId });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 60_000);
}

describe('the built engine (out/main/engine.js)', () => {
  it('reads a text PDF in its page workers, with the seal placed on it, and extracts its fields', async () => {
    const seal = makeTextImage({ width: 400, height: 400, lines: [], draw: (c) => drawRoundSeal(c, 200, 200, 190, '北京星河科技有限公司', '发票专用章') });
    const pdf = await makeTextPdf([['INVOICE', 'Invoice Number: INV-2026-0042']], { images: [{ page: 0, png: seal.bytes, left: 300, top: 300, width: 150, height: 150 }] });
    const record = await processed('sealed.pdf', pdf);
    expect(record).toMatchObject({ recognition_status: 1, category: 'Invoice' });
    expect(record.document!.pages[0]!.lines.map((l) => l.text)).toEqual(['INVOICE', 'Invoice Number: INV-2026-0042']);
    expect(record.data!.fields.find((f) => f.key === 'Invoice Number')?.value).toBe('INV-2026-0042');
    expect(record.data!.stamps).toMatchObject([{ page: 0, color: 'red', shape: 'circle' }]);
  });

  it('recognises a scanned image with the OCR models', async () => {
    const image = makeTextImage({ width: 820, height: 240, lines: [{ text: 'Invoice Number: INV-2026-0077', x: 40, y: 120, size: 40 }] });
    const record = await processed('scan.png', image.bytes);
    expect(record.recognition_status).toBe(1);
    expect(record.document!.pages[0]!.lines.map((l) => l.text)).toEqual(['Invoice Number: INV-2026-0077']);
  });
});
