import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { VAT_CONFIDENCE, vatCandidates, vatChecked, vatGridOf } from '../../../../../src/engine/pipeline/fields/vat-grid.js';
import type { Candidate } from '../../../../../src/engine/pipeline/fields/candidate.js';
import { grid, textDocument } from '../document-fixture.js';

const ITEMS = grid(
  [12, 10, 10],
  [
    ['货物名称', '金额', '税额'],
    ['复印纸', '60.00', '1.80'],
    ['中性笔', '44.85', '1.35'],
    ['合  计', '¥104.85', '¥3.15'],
  ],
);
const vatOf = (...lines: string[]) => vatGridOf(rowsOf(textDocument(lines.join('\n'))));
const valuesOf = (candidates: readonly Candidate[]) => candidates.map((c) => c.value);

describe('the head of a Chinese invoice', () => {
  it('takes a 10- or 12-digit number standing alone at the head of an invoice page as its code', () => {
    expect(valuesOf(vatCandidates('document_code', vatOf('044031900111      广东增值税电子普通发票', '开票日期：2019年08月17日')))).toEqual(['044031900111']);
    expect(valuesOf(vatCandidates('document_code', vatOf('4400191130', '增值税专用发票')))).toEqual(['4400191130']);
  });

  it('takes no bare number as a code where the title names no 发票', () => {
    expect(vatCandidates('document_code', vatOf('044031900111      RECEIPT'))).toEqual([]);
  });

  it('reads the number after № and after the N that OCR makes of it', () => {
    expect(valuesOf(vatCandidates('document_number', vatOf('广东增值税电子普通发票 № 38471520')))).toEqual(['38471520']);
    expect(valuesOf(vatCandidates('document_number', vatOf('广东增值税电子普通发票', '      N 38471520')))).toEqual(['38471520']);
  });
});

describe('the 合计 row of the items grid', () => {
  it('gives 金额 and 税额 the amounts under their column headers, not a line item', () => {
    const vat = vatOf('增值税普通发票', ITEMS);
    expect({ subtotal: valuesOf(vatCandidates('subtotal', vat)), tax: valuesOf(vatCandidates('tax', vat)) }).toEqual({ subtotal: ['104.85'], tax: ['3.15'] });
  });

  it('takes a row of two amounts adding up to the 大写 total as that row, its label misread on a scan', () => {
    const vat = vatOf('电子发票（普通发票）', '口  计          ¥100.00     ¥8.00', '价税合计（大写）  壹佰零捌圆整  （小写）¥108.00');
    expect({ subtotal: valuesOf(vatCandidates('subtotal', vat)), tax: valuesOf(vatCandidates('tax', vat)) }).toEqual({ subtotal: ['100.00'], tax: ['8.00'] });
  });

  it('takes a row of two amounts adding up to the 大写 total as the 合计 row with its label lost, a colon read for a point in it', () => {
    const vat = vatOf('电子发票（普通发票）', '                ¥33169:29     ¥2391.56', '价税合计（大写）  叁万伍仟伍佰陆拾圆捌角伍分  （小写）¥35560.85');
    expect({ subtotal: valuesOf(vatCandidates('subtotal', vat)), tax: valuesOf(vatCandidates('tax', vat)) }).toEqual({ subtotal: ['33169.29'], tax: ['2391.56'] });
  });

  it('reads the 小写 total a scan misread (its ¥ as Y, its point as a colon) where the 大写 amount confirms it', () => {
    const colon = vatOf('电子发票（普通发票）', '价税合计（大写）  柒万陆仟捌佰玖拾柒圆壹角  （小写）：￥76897:10：');
    const y = vatOf('电子发票（增值税专用发票）', '价税合计（大写）  捌万壹仟壹佰捌拾圆零伍分  （小写）  Y81180.05');
    expect([valuesOf(vatCandidates('total', colon)), valuesOf(vatCandidates('total', y))]).toEqual([['76897.10'], ['81180.05']]);
    // Read as printed, it is no misreading: nothing more to give.
    expect(vatCandidates('total', vatOf('电子发票（普通发票）', '价税合计（大写）  壹佰零捌圆整  （小写）¥108.00'))).toEqual([]);
  });

  it('reads 合计 read as 口计 or 日计 as its label', () => {
    const vat = vatOf('电子发票（普通发票）', '口  计          ¥100.00     ¥9;00', '价税合计（大写）  壹佰零捌圆整  （小写）¥108.00');
    expect(valuesOf(vatCandidates('subtotal', vat))).toEqual(['100.00']);
    // Its amounts no longer add up to the 大写 total (壹佰零玖圆整): only the label tells the row.
    const day = vatOf('电子发票（普通发票）', '日  计          ¥100.00     ¥8.00', '价税合计（大写）  壹佰零玖圆整  （小写）¥109.00');
    expect(valuesOf(vatCandidates('subtotal', day))).toEqual(['100.00']);
  });

  it('reads 合计 with a speck a scan read as a dot beside it', () => {
    const vat = vatOf('电子发票（普通发票）', '合  计 .        ¥100.00     ¥9.00', '价税合计（大写）  壹佰零捌圆整  （小写）¥108.00');
    expect(valuesOf(vatCandidates('subtotal', vat))).toEqual(['100.00']);
  });

  it('takes no unlabelled row whose two amounts do not add up to it', () => {
    const vat = vatOf('电子发票（普通发票）', '小  计          ¥100.00     ¥9.00', '价税合计（大写）  壹佰零捌圆整  （小写）¥108.00');
    expect(valuesOf(vatCandidates('subtotal', vat))).toEqual([]);
  });
});

describe('价税合计 in 大写 and 小写', () => {
  const total = (value: string): Candidate => ({ value, page: 0, boxes: [[0, 0, 1, 1]], confidence: 0.7, labelLength: 0, order: 0 });
  const vat = vatOf('增值税普通发票', '价税合计（大写）  壹佰零捌圆整  （小写）¥108.00');

  it('raises the confidence of a total that agrees with the capitals', () => {
    expect(vatChecked('total', vat, [total('108.00')])[0]!.confidence).toBe(VAT_CONFIDENCE.capitalAgrees);
  });

  it('lowers the confidence of a total that differs from them', () => {
    expect(vatChecked('total', vat, [total('180.00')])[0]!.confidence).toBeCloseTo(0.7 * VAT_CONFIDENCE.capitalDisagrees);
  });

  it('leaves a total alone on a page without capitals', () => {
    expect(vatChecked('total', vatOf('TOTAL 12.00'), [total('12.00')])[0]!.confidence).toBe(0.7);
  });
});

describe('what the 数电票 and the older invoice both print', () => {
  it("takes the title's kind (专用发票, 普通发票) from the head of an invoice page, none from a ticket's", () => {
    expect(valuesOf(vatCandidates('invoice_kind', vatOf('电子发票（增值税专用发票）   发票号码：25442000000012345678')))).toEqual(['电子发票（增值税专用发票）']);
    expect(valuesOf(vatCandidates('invoice_kind', vatOf('北京增值税电子普通发票')))).toEqual(['北京增值税电子普通发票']);
    expect(vatCandidates('invoice_kind', vatOf('电子发票（铁路电子客票）'))).toEqual([]);
  });

  it('reads the remark beside the 备注 label written down its edge, and none where the area is empty', () => {
    const remark = (text: string) => vatOf('电子发票（普通发票）', '价税合计（大写）  壹佰零捌圆整  （小写）¥108.00', `备  ${text}`, '注', '开票人：王五');
    expect(valuesOf(vatCandidates('remark', remark('合同编号：HT-2025-2283')))).toEqual(['合同编号：HT-2025-2283']);
    expect(vatCandidates('remark', remark(''))).toEqual([]);
    // A speck read as punctuation in the empty area is none.
    expect(vatCandidates('remark', remark('：'))).toEqual([]);
  });
});
