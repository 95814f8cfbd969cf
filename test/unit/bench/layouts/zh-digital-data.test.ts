import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../bench/corpus/rng.js';
import { randomDigitalInvoice } from '../../../../bench/layouts/zh-digital-data.js';
import { digitalNumberProblems, isDigitalNumber } from '../../../../src/engine/pipeline/invoice/digital-number.js';
import { checkTaxId } from '../../../../src/shared/invoice/tax-id.js';

describe('generated 数电票 data', () => {
  const invoices = Array.from({ length: 40 }, (_, i) => randomDigitalInvoice(new Rng(3).fork(i + 1)));

  it('gives 20-digit numbers of the invoice year and a region, and tax ids with valid GB 32100 check characters', () => {
    for (const inv of invoices) {
      expect(isDigitalNumber(inv.number)).toBe(true);
      expect(digitalNumberProblems(inv.number, Number(inv.date.slice(0, 4)))).toEqual([]);
      for (const id of [inv.seller.taxId, inv.buyer.taxId].filter((t) => t !== null)) expect(checkTaxId(id)).toEqual({ valid: true });
    }
  });

  it('adds up: items with their *类别*, net and tax their sums, the total both', () => {
    for (const inv of invoices) {
      for (const item of inv.items) expect(item.name).toMatch(/^\*[^*]+\*[^*]+$/u);
      expect(inv.net).toBeCloseTo(inv.items.reduce((s, i) => s + i.amount, 0), 2);
      expect(inv.tax).toBeCloseTo(inv.items.reduce((s, i) => s + i.tax, 0), 2);
      expect(inv.total).toBeCloseTo(inv.net + inv.tax, 2);
      expect(inv.seller.name).not.toBe(inv.buyer.name);
    }
    expect(new Set(invoices.map((i) => i.kind))).toEqual(new Set(['special', 'ordinary']));
  });
});
