import type { Block, Fault, GeneratedDocument } from '../document-model.js';
import type { Rng } from '../rng.js';
import { amountText, brokenTaxId, company, futureDate, GOODS_EN, GOODS_ZH, isoDate, oldDate, pastDate, printedDate, taxId, upperCaseAmount, type Language } from '../values.js';

export interface InvoiceIdentity {
  code: string;
  number: string;
}

const A4 = { width: 595, height: 842 };
const TAX_RATES = [13, 9, 6, 3];

interface Line {
  item: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  rate: number;
  taxCents: number;
}

function linesOf(rng: Rng, language: Language): Line[] {
  const rate = rng.pick(TAX_RATES);
  return Array.from({ length: rng.int(1, 5) }, () => {
    const quantity = rng.int(1, 12);
    const unitCents = rng.int(5, 2000) * 100 + rng.pick([0, 0, 50, 99]);
    const amountCents = quantity * unitCents;
    return { item: rng.pick(language === 'zh' ? GOODS_ZH : GOODS_EN), quantity, unitCents, amountCents, rate, taxCents: Math.round((amountCents * rate) / 100) };
  });
}

/** A Chinese VAT invoice (or its English rendering), with the faults asked for. */
export function vatInvoice(rng: Rng, language: Language, faults: Fault[], reuse?: InvoiceIdentity): GeneratedDocument {
  const digital = reuse ? reuse.code === '' : rng.chance(0.2);
  const code = reuse?.code ?? (digital ? '' : rng.digits(rng.pick([10, 12])));
  const number = reuse?.number ?? (digital ? `${rng.pick(['24', '25'])}${rng.digits(18)}` : rng.digits(8));
  const checkCode = digital ? '' : [0, 1, 2, 3].map(() => rng.digits(5)).join(' ');
  const date = faults.includes('future_date') ? futureDate(rng) : faults.includes('too_old') ? oldDate(rng) : pastDate(rng);
  const [buyer, seller] = [company(rng, language), company(rng, language)];
  const buyerTaxId = taxId(rng);
  const sellerTaxId = faults.includes('invalid_tax_id') ? brokenTaxId(taxId(rng)) : taxId(rng);
  const lines = linesOf(rng, language);
  const lineSum = lines.reduce((s, l) => s + l.amountCents, 0);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0);
  // A faulty invoice prints one wrong sum: the amount no longer matches its lines, or the total its parts.
  const amountCents = lineSum + (faults.includes('line_items_mismatch') ? rng.int(1, 50) * 100 : 0);
  const totalCents = amountCents + taxCents + (faults.includes('amount_tax_total_mismatch') ? rng.int(1, 50) * 100 : 0);
  const separators = language === 'en' && rng.chance(0.5);
  const money = (cents: number) => amountText(cents, separators);
  const style = rng.chance(0.8) ? 'colon' : 'tab';
  const zh = language === 'zh';
  const L = zh
    ? { code: '发票代码', number: '发票号码', date: '开票日期', check: '校验码', buyer: rng.pick(['购买方名称', '购买方 名称']), buyerTax: '购买方纳税人识别号', seller: '销售方名称', sellerTax: '销售方纳税人识别号' }
    : { code: 'Invoice code', number: 'Invoice number', date: 'Invoice date', check: 'Check code', buyer: 'Buyer name', buyerTax: 'Buyer tax ID', seller: 'Seller name', sellerTax: 'Seller tax ID' };
  const top: [string, string][] = digital
    ? [[L.number, number], [L.date, printedDate(rng, date, language)]]
    : [[L.code, code], [L.date, printedDate(rng, date, language)], [L.number, number], [L.check, checkCode]];
  const headers = zh ? [rng.pick(['货物或应税劳务名称', '项目名称']), '规格型号', '数量', '单价', '金额', '税率', '税额'] : ['Item', 'Spec', 'Quantity', 'Unit price', 'Amount', 'Tax rate', 'Tax'];
  const rows = lines.map((l) => [l.item, rng.pick(['', 'A1', 'B-2', '标准'].filter((s) => zh || /^[\x20-\x7e]*$/.test(s))), String(l.quantity), money(l.unitCents), money(l.amountCents), `${l.rate}%`, money(l.taxCents)]);
  const yen = (cents: number) => `¥${money(cents)}`;
  const blocks: Block[] = [
    { kind: 'title', text: zh ? rng.pick(['北京增值税专用发票', '增值税普通发票', '电子发票（增值税专用发票）', '上海增值税电子普通发票']) : rng.pick(['VAT Invoice', 'VAT Special Invoice']) },
    { kind: 'pairs', pairs: top, columns: 2, style },
    { kind: 'pairs', pairs: [[L.buyer, buyer], [L.buyerTax, buyerTaxId], [L.seller, seller], [L.sellerTax, sellerTaxId]], columns: 1, style },
    {
      kind: 'table',
      headers,
      rows,
      widths: [2.6, 1, 0.9, 1.2, 1.3, 0.9, 1.1],
      align: ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
      ruled: rng.chance(0.5),
      repeatHeader: true,
      summary: [zh ? '合计' : 'Total', '', '', '', yen(amountCents), '', yen(taxCents)],
    },
    zh
      ? { kind: 'pairs', pairs: [['合计金额', yen(amountCents)], ['合计税额', yen(taxCents)], ['价税合计（大写）', upperCaseAmount(totalCents)], ['价税合计（小写）', yen(totalCents)]], columns: 2, style: 'colon' }
      : { kind: 'pairs', pairs: [['Amount', yen(amountCents)], ['Tax', yen(taxCents)], ['Total', yen(totalCents)]], columns: 1, style: 'colon' },
  ];
  return {
    kind: 'vat_invoice',
    category: 'VAT invoice',
    language,
    blocks,
    page: A4,
    faults,
    truth: {
      fields: {
        'Invoice code': code,
        'Invoice number': number,
        'Invoice date': isoDate(date),
        'Buyer name': buyer,
        'Buyer tax ID': buyerTaxId,
        'Seller name': seller,
        'Seller tax ID': sellerTaxId,
        Amount: money(amountCents),
        Tax: money(taxCents),
        Total: money(totalCents),
        'Check code': checkCode.replace(/\s+/g, ''),
      },
      tables: {
        'Line items': lines.map((l) => ({ Item: l.item, Quantity: String(l.quantity), 'Unit price': money(l.unitCents), Amount: money(l.amountCents), 'Tax rate': `${l.rate}%`, Tax: money(l.taxCents) })),
      },
    },
  };
}
