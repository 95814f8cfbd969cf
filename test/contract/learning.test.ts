import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import { FIRST_RECEIPT, SECOND_RECEIPT, merchantReceipt, type ReceiptValues } from '../fixtures/learning-receipts.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { useContractRig } from './contract-rig.js';
import { startEngineProcess } from './engine-process.js';

const rig = useContractRig();
const FIELDS = ['Company', 'Date', 'Address', 'Total'] as const;
let categoryId = '';

beforeAll(async () => {
  const sample = await rig.writeTemp('sample.txt', FIELDS.map((f) => `${f}: …`).join('\n'));
  ({ category_id: categoryId } = await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Cafe receipts', fields: FIELDS.map((name) => ({ name })), tables: [], sampleFiles: [sample] }));
  await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Other receipts', fields: FIELDS.map((name) => ({ name })), tables: [], sampleFiles: [sample] });
}, 30_000);

async function upload(receipt: { lines: string[] }, category: string, name: string): Promise<FileRecord> {
  const path = await rig.writeTemp(name, await makeTextPdf([receipt.lines]));
  return (await rig.engine.client.files.uploadSync(path, { workspace_id: rig.workspaceId, category })).files[0]!;
}

const valuesOf = (record: FileRecord) => Object.fromEntries((record.data?.fields ?? []).map((f) => [f.key, f.value]));

/** The clerk's save: every value typed, none picked on the page. */
async function confirm(record: FileRecord, values: ReceiptValues): Promise<void> {
  await rig.engine.client.files.update([{ workspace_id: rig.workspaceId, file_id: record.id, data: { fields: Object.entries(values).map(([key, value]) => ({ key, value })) } }]);
}

describe('learning from the clerk’s saved results', () => {
  it('reads the next receipt of a saved layout, in its own category only, and still after a restart', async () => {
    const first = await upload(FIRST_RECEIPT, 'Cafe receipts', 'first.pdf');
    expect(valuesOf(first)).not.toEqual(FIRST_RECEIPT.values);
    await confirm(first, FIRST_RECEIPT.values);
    expect(valuesOf(await upload(SECOND_RECEIPT, 'Cafe receipts', 'second.pdf'))).toEqual(SECOND_RECEIPT.values);
    expect(valuesOf(await upload(SECOND_RECEIPT, 'Other receipts', 'elsewhere.pdf'))).not.toEqual(SECOND_RECEIPT.values);

    const dataDir = rig.engine.dataDir;
    await rig.engine.stop();
    rig.engine = await startEngineProcess({ dataDir });
    const third = merchantReceipt({ date: '02/07/2019', total: '6.60', items: [['KUIH', '6.60']] });
    expect(valuesOf(await upload(third, 'Cafe receipts', 'third.pdf'))).toEqual(third.values);
  }, 120_000);
});

describe('POST /category/learning/forget', () => {
  it('forgets what the category learned: the next receipt of the layout is read as before any save', async () => {
    const first = await upload(FIRST_RECEIPT, 'Cafe receipts', 'again.pdf');
    await confirm(first, FIRST_RECEIPT.values);
    const { forgotten_documents } = await rig.engine.client.categories.forgetLearning({ workspace_id: rig.workspaceId, category_id: categoryId });
    expect(forgotten_documents).toBeGreaterThanOrEqual(1);
    expect(valuesOf(await upload(SECOND_RECEIPT, 'Cafe receipts', 'after-forgetting.pdf'))).not.toEqual(SECOND_RECEIPT.values);
  }, 60_000);
});
