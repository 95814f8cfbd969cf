import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocx, makeXlsx } from '../fixtures/office-files.js';
import { makeScanPage } from '../fixtures/scan-page.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

// Categories told apart by nothing but their sample files: an image read by OCR, a DOCX, an XLSX.
const rig = useContractRig();

async function writeTemp(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(rig.dir, name);
  await writeFile(path, content);
  return path;
}

// Every category has the same fields, and no document prints a category's name: with samples that
// give no text, all of them would fit each document equally and the first created would win.
const FIELDS = [{ name: 'Reference' }, { name: 'Date' }];

async function createCategory(name: string, samples: [string, string | Uint8Array][]): Promise<string> {
  const sampleFiles = await Promise.all(samples.map(([file, content]) => writeTemp(file, content)));
  return (await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name, fields: FIELDS, sampleFiles })).category_id;
}

async function classified(name: string, lines: readonly string[]): Promise<string | null> {
  const path = await writeTemp(name, ['Reference: R-2026-17', 'Date: 2026-05-04', ...lines].join('\n'));
  const { files } = await rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId, target_process: 'classify' });
  const record = await waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 60_000);
  expect(record.recognition_status, name).toBe(10);
  return record.category;
}

describe('sample files that are images or office documents', () => {
  it('classify documents of their kind by the text read from them, and leave documents of another kind alone', async () => {
    await createCategory('General document', [['general.txt', 'Placeholder correspondence template']]);
    // A sample that cannot be read (a cut-off scan) still makes a category: it just brings no words.
    const cutScan = makeScanPage(['Unreadable']).subarray(0, 300);
    const shipping = await createCategory('Shipping papers', [['cut-scan.png', cutScan]]);
    const scan = await writeTemp('bill-of-lading.png', makeScanPage(['BILL OF LADING', 'Shipper: Baltic Timber Exports', 'Consignee: Harbour Freight', 'Vessel: Nordic Star', 'Port of discharge: Shanghai']));
    await rig.engine.client.categories.samples.upload(scan, { workspace_id: rig.workspaceId, category_id: shipping });
    const { samples } = await rig.engine.client.categories.samples.list({ workspace_id: rig.workspaceId, category_id: shipping });
    expect(samples.map((s) => s.file_name)).toEqual(['cut-scan.png', 'bill-of-lading.png']);
    await createCategory('Animal health', [['certificate.docx', makeDocx(['Veterinary certificate', 'Species: canine', 'Rabies vaccination given', 'Microchip implanted by the clinic'])]]);
    await createCategory('Stock list', [['stock.xlsx', await makeXlsx({ Warehouse: [['Bin', 'SKU', 'Quantity on hand'], ['Aisle 4', 'Pallet jack', 12]] })]]);

    expect(await classified('shipment.txt', ['The vessel Nordic Star will sail from the port of discharge at Shanghai.', 'Consignee Harbour Freight holds the original bill of lading.'])).toBe('Shipping papers');
    expect(await classified('dog.txt', ['The canine was given its rabies vaccination at the clinic.', 'The microchip number appears on the veterinary certificate.'])).toBe('Animal health');
    expect(await classified('count.txt', ['The warehouse counted each bin: every SKU and its quantity on hand.', 'Aisle 4 needs a pallet jack.'])).toBe('Stock list');
    // Words no sample holds: the first category created wins the tie, as for any document.
    expect(await classified('minutes.txt', ['Minutes of the committee meeting.', 'Attendees agreed the budget for the summer fair.'])).toBe('General document');
  }, 120_000);
});
