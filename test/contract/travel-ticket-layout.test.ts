import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import { layoutFamily, type InvoiceFamily } from '../../bench/layouts/families.js';
import { generateTicketDocument } from '../../bench/layouts/generate-document.js';
import { layoutFont } from '../../bench/layouts/layout-font.js';
import { renderTextPdf } from '../../bench/layouts/render-document.js';
import { renderOfd } from '../../bench/layouts/render-ofd.js';
import { stampPdf } from '../../bench/layouts/seal-stamp.js';
import type { DigitalTicket } from '../../bench/layouts/zh-ticket-data.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

// The 数电票's two ticket variants, generated (bench/layouts, families zh-rail-ticket and
// zh-air-itinerary), uploaded without a category to the real engine: each is classified into the
// starter Travel e-ticket category and its values are read, the railway ticket's unlabelled ones by
// their shape and place, the itinerary's under their column heads.
const rig = useContractRig({ starter: true });
const ticket = (family: string) => generateTicketDocument(layoutFamily(family) as InvoiceFamily, 7, 0);

async function processed(name: string, bytes: Uint8Array): Promise<FileRecord> {
  const { files } = await rig.engine.client.files.upload(await rig.writeTemp(name, bytes), { workspace_id: rig.workspaceId });
  return waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, 120_000);
}

function expected(t: DigitalTicket): Record<string, string> {
  return {
    'Invoice number': t.number,
    'Invoice date': t.date,
    Passenger: t.passenger,
    'ID number': t.idNumber,
    'Travel date': t.travelDate,
    'Train or flight number': t.trip,
    'Seat class': t.seatClass,
    Fare: t.fare.toFixed(2),
    'Fuel surcharge': t.air ? t.air.fuel.toFixed(2) : '',
    'Development fund': t.air ? t.air.fund.toFixed(2) : '',
    Total: t.total.toFixed(2),
    'E-ticket number': t.ticketNumber,
    'Buyer name': t.buyer.name,
    'Buyer tax ID': t.buyer.taxId ?? '',
  };
}

const fieldsOf = (file: FileRecord) => Object.fromEntries(file.data!.fields.map((f) => [f.key, f.value]));

describe('the 数电票 tickets on the local engine', () => {
  it('classifies a railway e-ticket PDF as a Travel e-ticket and reads the train, the departure day, the seat class, the passenger after the masked ID and the fare as its total', async () => {
    const { doc, data, seal } = ticket('zh-rail-ticket');
    const pdf = await processed(`${doc.id}.pdf`, await stampPdf((await renderTextPdf(doc)).bytes, seal));
    expect(pdf.recognition_status).toBe(1);
    expect(pdf.category).toBe('Travel e-ticket');
    expect(fieldsOf(pdf)).toEqual(expected(data));
  });

  it('classifies an air itinerary OFD as a Travel e-ticket and reads the flight and its sums under their column heads', async () => {
    const { doc, data, seal } = ticket('zh-air-itinerary');
    const ofd = await processed(`${doc.id}.ofd`, renderOfd(doc.pages[0]!, layoutFont(doc.font), seal));
    expect(ofd.category).toBe('Travel e-ticket');
    expect(fieldsOf(ofd)).toEqual(expected(data));
  });
});
