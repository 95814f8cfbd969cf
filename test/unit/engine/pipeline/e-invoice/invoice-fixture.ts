import type { InvoiceData } from '../../../../../src/shared-node/e-invoice/invoice-data.js';
import { starterCategories } from '../../../../../src/engine/starter/starter-categories.js';
import type { CategoryModel } from '../../../../../src/engine/store/category-models.js';
import { fieldModel, tableModel } from '../document-fixture.js';

/** The starter "Invoice" category as the pipeline reads it (English names). */
export function invoiceCategory(): Pick<CategoryModel, 'fields' | 'tables'> {
  const starter = starterCategories('en').find((c) => c.name === 'Invoice')!;
  return { fields: starter.fields.map((f) => fieldModel(f)), tables: starter.tables.map((t) => tableModel(t.name, t.fields, { collectFromMultiTable: true })) };
}

/** A small two-line invoice, written for these tests. */
export function sampleInvoice(more: Partial<InvoiceData> = {}): InvoiceData {
  return {
    syntax: 'CII',
    number: 'RE-2024-117',
    creditNote: false,
    typeCode: '380',
    issueDate: '2024-03-05',
    dueDate: '2024-04-04',
    currency: 'EUR',
    seller: { name: 'Nordlicht Werkstatt GmbH', street: 'Hafenweg 4', postcode: '20457', city: 'Hamburg', country: 'DE', vatId: 'DE811234567' },
    buyer: { name: 'Bergblick Hotel KG', street: 'Almstraße 9', postcode: '83471', city: 'Berchtesgaden', country: 'DE' },
    netTotal: '350.00',
    taxes: [{ rate: '19', category: 'S', basis: '350.00', tax: '66.50' }],
    taxTotal: '66.50',
    total: '416.50',
    amountDue: '416.50',
    paymentTerms: 'Zahlbar innerhalb von 30 Tagen',
    iban: 'DE02120300000000202051',
    lines: [
      { description: 'Wartung Heizung', quantity: '2', unit: 'HUR', unitPrice: '75.00', amount: '150.00', taxRate: '19' },
      { description: 'Ersatzteil Pumpe', quantity: '1', unit: 'H87', unitPrice: '200.00', amount: '200.00', taxRate: '19' },
    ],
    ...more,
  };
}
