import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

// The sample batch a newcomer is offered on first run (resources/samples, shipped as extraResources):
// small text PDFs in the starter categories' words, so that the local engine reads them without OCR.
const OUT = resolve(import.meta.dirname, '../resources/samples');

type Page = readonly string[];

function vatInvoice(number: string, date: string, seller: string, lines: readonly [string, number][]): Page {
  const amount = lines.reduce((sum, [, value]) => sum + value, 0);
  const tax = Math.round(amount * 13) / 100;
  return [
    'VAT Invoice',
    'Invoice code: 3100231130',
    `Invoice number: ${number}`,
    `Invoice date: ${date}`,
    'Buyer name: Docket Sample Trading Ltd.',
    'Buyer tax ID: 91310000MA1FL8XQ3C',
    `Seller name: ${seller}`,
    'Seller tax ID: 91440300MA5G9K2P7T',
    'Item                      Quantity   Unit price   Amount    Tax rate',
    ...lines.map(([item, value]) => `${item.padEnd(26)}1          ${value.toFixed(2).padEnd(13)}${value.toFixed(2).padEnd(10)}13%`),
    `Amount: ${amount.toFixed(2)}`,
    `Tax: ${tax.toFixed(2)}`,
    `Total: ${(amount + tax).toFixed(2)}`,
    'Check code: 12345 67890 12345 67890',
  ];
}

const RECEIPT: Page = [
  'Receipt',
  'Merchant: Corner Stationery',
  'Date: 2024-03-18',
  'Printer paper A4        2 x 4.50     9.00',
  'Ballpoint pens (10)     1 x 3.20     3.20',
  'Total: 12.20',
  'Paid: card',
];

const SAMPLES: Record<string, readonly Page[]> = {
  'sample-vat-invoice-office-supplies.pdf': [vatInvoice('04411235', '2024-03-11', 'Harbour Office Supplies Co.', [['Office chairs', 1200], ['Desk lamps', 180]])],
  'sample-vat-invoice-consulting.pdf': [vatInvoice('04411871', '2024-03-14', 'Northgate Consulting Ltd.', [['Consulting services', 5000]])],
  'sample-receipt.pdf': [RECEIPT],
  // The app asks for a split of the samples whose name says so (src/main/core/first-run/sample-batch.ts).
  'sample-two-invoices-for-split.pdf': [
    vatInvoice('04412002', '2024-03-20', 'Riverside Printing Co.', [['Printed brochures', 860]]),
    vatInvoice('04412003', '2024-03-21', 'Riverside Printing Co.', [['Business cards', 240]]),
  ],
};

async function textPdf(pages: readonly Page[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // Fixed dates: regenerating the samples gives the same bytes.
  doc.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  doc.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    // The first line is the title, larger and centred, as the engine's split detection looks for it.
    const [title = '', ...body] = lines;
    page.drawText(title, { x: (595 - font.widthOfTextAtSize(title, 18)) / 2, y: 842 - 60, size: 18, font });
    body.forEach((text, i) => page.drawText(text, { x: 50, y: 842 - 100 - i * 20, size: 12, font }));
  }
  return doc.save();
}

await mkdir(OUT, { recursive: true });
for (const [name, pages] of Object.entries(SAMPLES)) {
  await writeFile(join(OUT, name), await textPdf(pages));
  process.stdout.write(`${join(OUT, name)}\n`);
}
