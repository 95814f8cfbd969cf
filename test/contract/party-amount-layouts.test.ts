import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition, FileRecord } from '../../src/shared/api/index.js';
import type { LayoutDocument } from '../fixtures/invoice-layouts.js';
import { englishLetterheadInvoice, frenchShareCapitalFacture, germanCashReceipt } from '../fixtures/layouts/party-amount-layouts.js';
import { vatGridInvoicePdf, vatOlderFormInvoicePdf } from '../fixtures/layouts/vat-invoice-grid.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';
import { corrections, pick } from './layout-expectations.js';

// Issue 20's classes of failure on parties and amounts, each on a generated document in a layout the
// development sets do not have, read by a real engine over HTTP into a clerk's own categories.
const rig = useContractRig({ starter: true });

const INVOICE = 'Supplier invoice';
const RECEIPT = 'Shop receipt';
const INVOICE_FIELDS = ['Seller', 'Seller VAT ID', 'Buyer', 'Buyer address', 'Subtotal', 'Tax', 'Total'];
const RECEIPT_FIELDS = ['Company', 'Date', 'Address', 'Total'];
const SLOW = { timeout: 120_000 };

let clerkWorkspace: string;

beforeAll(async () => {
  clerkWorkspace = (await rig.engine.client.workspaces.create({ name: 'Clerk desk', auth_scope: 0 })).workspace_id;
  for (const [name, fieldNames] of [[INVOICE, INVOICE_FIELDS], [RECEIPT, RECEIPT_FIELDS]] as const) {
    const fields: FieldDefinition[] = fieldNames.map((n) => ({ name: n }));
    const sample = await rig.writeTemp(`${name}.txt`, [name, ...fieldNames.map((n) => `${n}: …`)].join('\n'));
    await rig.engine.client.categories.create({ workspace_id: clerkWorkspace, name, fields, sampleFiles: [sample] });
  }
}, SLOW.timeout);

async function processed(document: LayoutDocument, category: string, workspaceId = clerkWorkspace): Promise<FileRecord> {
  const path = await rig.writeTemp(document.fileName, document.bytes);
  const { files } = await rig.engine.client.files.upload(path, { workspace_id: workspaceId, category });
  const record = await waitForTask(rig.engine.client, workspaceId, files[0]!.task_id, SLOW.timeout);
  expect(record.recognition_status, record.failure_causes).toBe(1);
  return record;
}

/** What a clerk would correct, and the confidence of every value the engine returned. */
async function read(document: LayoutDocument, category: string, names: readonly string[], workspaceId?: string) {
  const record = await processed(document, category, workspaceId);
  const found = Object.fromEntries((record.data?.fields ?? []).map((f) => [f.key, f]));
  return { corrections: corrections(record, document, pick(document.expected, names), found), found };
}

describe('parties', SLOW, () => {
  it('the letterhead is the seller, the "Bill to" block (not "Ship to") the buyer, and the legal footer gives the seller\'s VAT number', async () => {
    const { corrections: wrong } = await read(await englishLetterheadInvoice(), INVOICE, ['Seller', 'Seller VAT ID', 'Buyer', 'Buyer address']);
    expect(wrong).toEqual([]);
  });

  it('a French "Client :" block gives the buyer, the letterhead the seller', async () => {
    const { corrections: wrong } = await read(await frenchShareCapitalFacture(), INVOICE, ['Seller', 'Buyer']);
    expect(wrong).toEqual([]);
  });
});

describe('the amount breakdown', SLOW, () => {
  it('net, tax and total are read so that they add up, with the bank numbers of the footer left out', async () => {
    const { corrections: wrong } = await read(await englishLetterheadInvoice(), INVOICE, ['Subtotal', 'Tax', 'Total']);
    expect(wrong).toEqual([]);
  });

  it('the share capital in a French footer ("au capital de 120 000 €") is no tax and no total', async () => {
    const { corrections: wrong, found } = await read(await frenchShareCapitalFacture(), INVOICE, ['Subtotal', 'Tax', 'Total']);
    expect(wrong).toEqual([]);
    expect(Object.values(found).filter((f) => /120\s?000/u.test(f.value))).toEqual([]);
  });

  it('a German receipt\'s total is its "Summe", not the cash given ("Gegeben Bar") nor the change ("Rückgeld")', async () => {
    const { corrections: wrong } = await read(await germanCashReceipt(), RECEIPT, ['Total']);
    expect(wrong).toEqual([]);
  });

  it('合计金额 and 合计税额 printed with ¥ are read, and add up to 价税合计', async () => {
    const { corrections: wrong } = await read(await vatGridInvoicePdf(), 'VAT invoice', ['Amount', 'Tax', 'Total'], rig.workspaceId);
    expect(wrong).toEqual([]);
  });
});

describe('a Chinese VAT invoice on the older form', SLOW, () => {
  const readVat = async (names: readonly string[]) => read(await vatOlderFormInvoicePdf(), 'VAT invoice', names, rig.workspaceId);

  it('buyer and seller are read from the blocks labelled 购货单位 / 销货单位 down the edge', async () => {
    expect((await readVat(['Buyer name', 'Seller name', 'Seller tax ID'])).corrections).toEqual([]);
  });

  it("the cipher area's characters are never the buyer's tax id, and the red notice and the seal are no value", async () => {
    const { found } = await readVat(['Buyer name']);
    const buyerTaxId = found['Buyer tax ID'];
    expect(buyerTaxId?.value === '' || (buyerTaxId?.confidence ?? 0) < 0.5).toBe(true);
    expect(Object.values(found).filter((f) => /此联|报销|发票专用章/u.test(f.value))).toEqual([]);
  });

  it('开票日期 printed in the form\'s boxes ("2019 08 17") and a 校验码 printed in groups of five are read', async () => {
    expect((await readVat(['Invoice date', 'Check code'])).corrections).toEqual([]);
  });
});
