import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import type { LayoutDocument } from '../fixtures/invoice-layouts.js';
import { continuedInvoice, frenchDiscountInvoice, germanTwoLineHeaderInvoice, serviceInvoice, tillReceipt } from '../fixtures/layouts/line-item-layouts.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';
import { corrections, tableRowsOf } from './layout-expectations.js';

// Line items of invoices in layouts the table finder was not built on (issue 20): each test proves one
// class, uploaded over HTTP into a category a clerk types in English (column names only, no aliases),
// rows compared as a clerk would, each value pointing at where it was printed.
const rig = useContractRig();
const TIMEOUT = { timeout: 120_000 };
const TABLE = 'Line items';

let workspaceId: string;

beforeAll(async () => {
  workspaceId = (await rig.engine.client.workspaces.create({ name: 'Clerk desk', auth_scope: 0 })).workspace_id;
  const columns = ['Description', 'Quantity', 'Unit price', 'Amount'].map((name) => ({ name }));
  const sample = await rig.writeTemp('supplier-invoice.txt', 'Supplier invoice\nInvoice number: …\nDescription  Quantity  Unit price  Amount');
  await rig.engine.client.categories.create({ workspace_id: workspaceId, name: 'Supplier invoice', fields: [{ name: 'Invoice number' }], tables: [{ name: TABLE, fields: columns }], sampleFiles: [sample] });
});

async function processed(document: LayoutDocument): Promise<FileRecord> {
  const path = await rig.writeTemp(document.fileName, document.bytes);
  const { files } = await rig.engine.client.files.upload(path, { workspace_id: workspaceId, category: 'Supplier invoice' });
  return waitForTask(rig.engine.client, workspaceId, files[0]!.task_id, TIMEOUT.timeout);
}

/** The rows a clerk would have to correct, and how many rows came back against how many were printed. */
async function lineCorrections(make: () => Promise<LayoutDocument>) {
  const document = await make();
  const record = await processed(document);
  expect(record.recognition_status, record.failure_causes).toBe(1);
  const rows = tableRowsOf(record, TABLE);
  const wanted = document.tables![TABLE]!;
  return { rows: rows.length, corrections: wanted.flatMap((row, i) => corrections(record, document, row, rows[i] ?? {}).map((c) => `row ${i + 1} ${c}`)) };
}

describe('line items found by what the columns mean', TIMEOUT, () => {
  it('an English service invoice with no ruling and Disc.% and Taxes columns gives every line, its two-line description joined', async () => {
    expect(await lineCorrections(serviceInvoice)).toEqual({ rows: 3, corrections: [] });
  });

  it('a German header over two lines ("Netto-" over "preis €") names the columns; section headings and the subtotal are left out', async () => {
    expect(await lineCorrections(germanTwoLineHeaderInvoice)).toEqual({ rows: 3, corrections: [] });
  });

  it('a French facture (Réf., Désignation, Qté, P.U. HT, Remise, TVA, Montant HT) gives its lines, the discounted one included', async () => {
    expect(await lineCorrections(frenchDiscountInvoice)).toEqual({ rows: 3, corrections: [] });
  });

  it('a table continued on the next page is one table: carried-forward and brought-forward rows and page numbers are left out', async () => {
    expect(await lineCorrections(continuedInvoice)).toEqual({ rows: 10, corrections: [] });
  });

  it("a till receipt's item lines are found with no header, from rows that end in an amount; the total, cash given and change are not items", async () => {
    expect(await lineCorrections(tillReceipt)).toEqual({ rows: 4, corrections: [] });
  });
});
