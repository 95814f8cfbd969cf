import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedFile } from '../../../../src/engine/pipeline/document/parsed-document.js';
import { OcrPool } from '../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../../../../src/engine/pipeline/read/parse-file.js';
import { DEFAULT_PARSER_PARAMS } from '../../../../src/engine/store/file-store.js';
import { KEPT_OUT_FAMILIES, layoutFamily } from '../../../../bench/layouts/families.js';
import { generateDocument } from '../../../../bench/layouts/generate-document.js';
import type { DecoyKind, LayoutDocument } from '../../../../bench/layouts/layout-document.js';
import { renderTextPdf } from '../../../../bench/layouts/render-document.js';
import { decoysTaken } from '../../../../bench/scorer/decoy-check.js';

// The classes of mistake the held-out invoices showed, each checked on generated documents of the
// layout families no fit has seen (bench/layouts/families.ts, KEPT_OUT_FAMILIES).
const PER_FAMILY = 12;
const SEED = 11;
const reader = new OcrPool();
const documents: { doc: LayoutDocument; parsed: ParsedFile }[] = [];

beforeAll(async () => {
  for (const name of KEPT_OUT_FAMILIES.filter((f) => layoutFamily(f).kind === 'invoice' && !f.startsWith('zh-'))) {
    for (let index = 0; index < PER_FAMILY; index++) {
      const doc = generateDocument(layoutFamily(name), SEED, index);
      documents.push({ doc, parsed: await parseFile('pdf', (await renderTextPdf(doc)).bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader }) });
    }
  }
}, 180_000);
afterAll(() => reader.close());

const CLASSES: [string, (DecoyKind | 'buyer VAT id as the seller')[]][] = [
  ["a credit note's linked invoice number is not its own number", ['linked invoice number']],
  ['share capital, registry numbers and bank lines are no amounts', ['share capital', 'registry number', 'iban', 'bic']],
  ['an order reference or a customer number is no party and no invoice number', ['order reference', 'customer number']],
  ["the delivery address is not the buyer's", ['delivery address']],
  ["the customer's VAT id is not the seller's", ['buyer VAT id as the seller']],
];

describe('decoys on generated layouts of families kept out of every fit', () => {
  it.each(CLASSES)('%s', (_, kinds) => {
    const printed = documents.filter(({ doc }) => kinds.some((k) => k === 'buyer VAT id as the seller' ? doc.fields['Buyer VAT ID'] : doc.decoys.some((d) => d.what === k)));
    expect(printed.length).toBeGreaterThan(0);
    const taken = printed.flatMap(({ doc, parsed }) => decoysTaken(doc, parsed).filter((t) => kinds.includes(t.what)).map((t) => `${doc.id}: ${t.field} = ${t.found} (${t.what})`));
    expect(taken).toEqual([]);
  });
});
