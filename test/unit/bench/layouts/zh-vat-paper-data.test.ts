import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../bench/corpus/rng.js';
import { layoutFamily, type InvoiceFamily } from '../../../../bench/layouts/families.js';
import { generatePaperDocument } from '../../../../bench/layouts/generate-document.js';
import { gridRows, randomPaperInvoice } from '../../../../bench/layouts/zh-vat-paper-data.js';
import { checkTaxId } from '../../../../src/shared/invoice/tax-id.js';

describe('generated older VAT invoices', () => {
  const invoices = Array.from({ length: 60 }, (_, i) => randomPaperInvoice(new Rng(3).fork(i + 1)));

  it('print a 10-digit 发票代码 on the 专用 form and 12 digits with a 20-digit 校验码 on the 普通 ones, an 8-digit number and a 12-digit 机器编号', () => {
    for (const inv of invoices) {
      expect(inv.code).toMatch(inv.form === 'special' ? /^\d{10}$/ : /^\d{12}$/);
      expect(inv.checkCode).toEqual(inv.form === 'special' ? null : expect.stringMatching(/^\d{20}$/));
      expect(inv.number).toMatch(/^\d{8}$/);
      expect(inv.machine).toMatch(/^\d{12}$/);
      expect(inv.cipher).toHaveLength(4);
      expect(checkTaxId(inv.seller.taxId!)).toEqual({ valid: true });
    }
    expect(new Set(invoices.map((i) => i.form))).toEqual(new Set(['special', 'ordinary', 'electronic']));
  });

  it('add up, and a 销货清单 prints one grid row of one rate holding the sums', () => {
    for (const inv of invoices) {
      expect(inv.tax).toBeCloseTo(inv.items.reduce((s, i) => s + i.tax, 0), 2);
      expect(inv.total).toBeCloseTo(inv.net + inv.tax, 2);
      const rows = gridRows(inv);
      if (!inv.listed) expect(rows).toBe(inv.items);
      else expect(rows).toEqual([expect.objectContaining({ name: '（详见销货清单）', amount: inv.net, tax: inv.tax, rate: inv.items[0]!.rate })]);
      if (inv.listed) expect(new Set(inv.items.map((i) => i.rate)).size).toBe(1);
    }
    expect(invoices.some((i) => i.listed)).toBe(true);
  });

  it('fill the paper forms off their boxes in black over the form’s coloured ink, under the supervision seal and the seller’s seal', () => {
    const family = layoutFamily('zh-vat-paper') as InvoiceFamily;
    const made = Array.from({ length: 12 }, (_, i) => generatePaperDocument(family, 5, i));
    const paper = made.filter((m) => m.data.form !== 'electronic');
    expect(paper.length).toBeGreaterThan(0);
    for (const { doc, data } of paper) {
      const page = doc.pages[0]!;
      const label = page.texts.find((t) => t.text === '机器编号：')!;
      const value = page.texts.find((t) => t.text === data.machine)!;
      expect(label.color).toMatch(/^#(9a3f2c|2b4d94)$/);
      expect(value.color).toBe('#161616');
      expect(page.seals?.map((s) => s.around)).toEqual([data.seller.name, '全国统一发票监制章']);
    }
    // The printer's offset differs from form to form.
    const offsets = new Set(paper.map(({ doc, data }) => Math.round(doc.pages[0]!.texts.find((t) => t.text === data.machine)!.y)));
    expect(offsets.size).toBeGreaterThan(1);
  });
});
