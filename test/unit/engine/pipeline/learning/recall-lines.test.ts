import { describe, expect, it } from 'vitest';
import { extractCategory } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import { recallFor } from '../../../../../src/engine/pipeline/learning/field-recall.js';
import { FIRST_RECEIPT, merchantReceipt } from '../../../../fixtures/learning-receipts.js';
import { learned, RECEIPT_FIELDS, receiptDocument, typed } from './learning-fixture.js';

const ADDRESS = FIRST_RECEIPT.values.Address;
const NEXT = merchantReceipt({ date: '12/06/2019', total: '5.00', items: [['KOPI', '5.00']] });

/** The next receipt of the merchant with some of its lines printed otherwise. */
function printed(replace: Record<string, string>): ReturnType<typeof receiptDocument> {
  return receiptDocument({ lines: NEXT.lines.flatMap((l) => (replace[l] ?? l).split('\n')) });
}

/** The Address extracted with what the first receipt (or `teacher`) taught, and its confidence. */
function addressOf(document: ReturnType<typeof receiptDocument>, teacher = receiptDocument(FIRST_RECEIPT), values = typed(FIRST_RECEIPT.values)) {
  const field = extractCategory(document, RECEIPT_FIELDS, { applyMerge: false }, recallFor(document, [learned(teacher, values)])).fields.find((f) => f.key === 'Address')!;
  return { value: field.value, confidence: field.confidence ?? 0 };
}

describe('recalling a remembered text line by line', () => {
  it('learns the wording cut where the page breaks its lines', () => {
    const memory = learned(receiptDocument(FIRST_RECEIPT), typed(FIRST_RECEIPT.values)).fields.find((f) => f.key === 'Address')!;
    expect(memory.lines).toEqual(['LOT 7, JALAN KENANGA 4,', '43000 KAJANG, SELANGOR']);
  });

  it('recalls a remembered address through one garbled line, below 0.9 for the clerk to check', () => {
    const garbled = printed({ 'LOT 7, JALAN KENANGA 4,': 'L0T 7, JLAN KENGA 4,' });
    const address = addressOf(garbled);
    expect(address.value).toBe(ADDRESS);
    expect(address.confidence).toBeLessThan(0.9);
  });

  it('recalls a remembered address whose lines the page prints in another order', () => {
    const swapped = printed({ 'LOT 7, JALAN KENANGA 4,': '43000 KAJANG, SELANGOR', '43000 KAJANG, SELANGOR': 'LOT 7, JALAN KENANGA 4,' });
    expect(addressOf(swapped).value).toBe(ADDRESS);
  });

  it('does not recall an address two of whose lines differ (a neighbour in the same street)', () => {
    const neighbour = printed({ 'LOT 7, JALAN KENANGA 4,': 'LOT 19, JALAN KENANGA 8,', '43000 KAJANG, SELANGOR': '43000 KAJANG UTAMA, SEL' });
    expect(addressOf(neighbour).value).not.toBe(ADDRESS);
  });
});

describe("recalling a chain's address with another branch's line", () => {
  const chain = (branch: string) => receiptDocument({ lines: merchantReceipt({ date: '03/05/2019', total: '17.80', items: [['NASI LEMAK', '17.80']] }).lines.flatMap((l) => (l === '43000 KAJANG, SELANGOR' ? [l, branch] : [l])) });
  const taught = { ...FIRST_RECEIPT.values, Address: `${ADDRESS} CAWANGAN IJOK` };

  it("answers the chain's lines with the page's own branch line, below 0.9", () => {
    const address = addressOf(chain('CAWANGAN SERI SINAR'), chain('CAWANGAN IJOK'), typed(taught));
    expect(address.value).toBe(`${ADDRESS} CAWANGAN SERI SINAR`);
    expect(address.confidence).toBeLessThan(0.9);
  });

  it("does not give another branch the remembered address with high confidence", () => {
    const otherStreet = receiptDocument({ lines: chain('CAWANGAN SERI SINAR').pages[0]!.lines.map((l) => l.text).map((l) => ({ 'LOT 7, JALAN KENANGA 4,': 'NO 9, JALAN MAWAR 2,', '43000 KAJANG, SELANGOR': '81100 JOHOR BAHRU' })[l] ?? l) });
    const address = addressOf(otherStreet, chain('CAWANGAN IJOK'), typed(taught));
    expect(address.value).not.toBe(taught.Address);
    expect(address.value.includes('KENANGA') && address.confidence >= 0.9).toBe(false);
  });

  it('does not take the row under the address for a branch line when it is the fixed row that followed it', () => {
    const noBranch = receiptDocument({ lines: chain('CAWANGAN IJOK').pages[0]!.lines.map((l) => l.text).filter((l) => l !== 'CAWANGAN IJOK').map((l) => (l === 'LOT 7, JALAN KENANGA 4,' ? 'L0T 7, JLAN KENGA 4,' : l)) });
    expect(addressOf(noBranch, chain('CAWANGAN IJOK'), typed(taught)).value).not.toContain('TEL');
  });
});
