import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import { eInvoiceFixture, makeFacturX, nordlichtPrint } from '../fixtures/e-invoice/factur-x-pdf.js';
import { useContractRig } from './contract-rig.js';
import { expectDrawnPageAtFetchedSize } from './drawn-page.js';
import { waitForTask } from './engine-process.js';

// EN 16931 e-invoices through the real engine process: an XML file alone, and PDFs carrying their XML.
const rig = useContractRig({ starter: true });

async function processed(name: string, bytes: Uint8Array | string, category = 'Invoice'): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, bytes), { workspace_id: rig.workspaceId, category });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 60_000);
}

const valuesOf = (file: FileRecord) => Object.fromEntries(file.data!.fields.map((f) => [f.key, [f.value, f.confidence]]));

describe('EN 16931 e-invoices on the local engine', () => {
  it('fills every field of the starter Invoice category from an XML file, at confidence 1, and its lines into the table', async () => {
    const file = await processed('rechnung.xml', eInvoiceFixture('nordlicht.cii.xml'));
    expect(file.recognition_status).toBe(1);
    expect(valuesOf(file)).toEqual({
      'Invoice number': ['RE-2024-117', 1],
      'Invoice date': ['2024-03-05', 1],
      'Due date': ['2024-04-04', 1],
      'Seller name': ['Nordlicht Werkstatt GmbH', 1],
      'Seller address': ['Hafenweg 4, 20457 Hamburg, DE', 1],
      'Seller tax ID': ['DE811234567', 1],
      'Buyer name': ['Bergblick Hotel KG', 1],
      'Buyer address': ['Almstraße 9, 83471 Berchtesgaden, DE', 1],
      Subtotal: ['350.00', 1],
      Tax: ['66.50', 1],
      Total: ['416.50', 1],
      Currency: ['EUR', 1],
    });
    expect(file.data!.tables[0]!.items.map((row) => row.map((c) => c.value))).toEqual([
      ['Wartung Heizung', '2', '75.00', '150.00'],
      ['Ersatzteil Pumpe', '1', '200.00', '200.00'],
    ]);
    expect(file.data!.invoiceVerifyResult ?? null).toBeNull();
  });

  it('serves the drawn page of an XML file at the size fetch reports', async () => {
    const file = await processed('drawn.xml', eInvoiceFixture('nordlicht-credit.ubl.xml'));
    await expectDrawnPageAtFetchedSize(rig, file.task_id);
  });

  it('reads a Factur-X PDF from its XML; a print that states another total fails verification (2012) and marks the field', async () => {
    const agreeing = await processed('facturx.pdf', await makeFacturX(nordlichtPrint(), eInvoiceFixture('nordlicht.cii.xml')));
    expect(valuesOf(agreeing)['Total']).toEqual(['416.50', 1]);
    expect(agreeing.data!.invoiceVerifyResult ?? null).toBeNull();

    const altered = await processed('facturx-altered.pdf', await makeFacturX(nordlichtPrint('461,50'), eInvoiceFixture('nordlicht.cii.xml')));
    expect(altered.data!.invoiceVerifyResult).toEqual({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: 2012, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: "The printed page disagrees with the invoice's XML: it prints 461,50 as the total, the XML says 416.50." });
    const total = altered.data!.fields.find((f) => f.key === 'Total')!;
    expect([total.value, total.confidence]).toEqual(['416.50', 0.5]);
    expect(total.position).toHaveLength(1);
  });

  it('refuses hostile XML with a plain cause and keeps serving', async () => {
    const causes = await Promise.all([
      processed('bomb.xml', '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Invoice>&b;</Invoice>'),
      processed('xxe.xml', '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>'),
      processed('order.xml', '<Order xmlns="urn:example"/>'),
    ]);
    expect(causes.map((f) => [f.recognition_status, f.failure_causes])).toEqual([
      [2, expect.stringMatching(/^The XML file declares a DOCTYPE/)],
      [2, expect.stringMatching(/^The XML file declares a DOCTYPE/)],
      [2, expect.stringMatching(/its root element is <Order>/)],
    ]);
    expect((await processed('after.xml', eInvoiceFixture('nordlicht.cii.xml'))).recognition_status).toBe(1);
  });
});
