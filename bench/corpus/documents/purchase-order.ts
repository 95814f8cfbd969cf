import type { Block, GeneratedDocument } from '../document-model.js';
import type { Rng } from '../rng.js';
import { amountText, company, GOODS_EN, GOODS_ZH, isoDate, pastDate, printedDate, type Language } from '../values.js';

const A4 = { width: 595, height: 842 };

/** A purchase order; a long one runs over a page break (its header repeated or not). */
export function purchaseOrder(rng: Rng, language: Language, options: { long?: boolean } = {}): GeneratedDocument {
  const zh = language === 'zh';
  const poNumber = `PO-${rng.int(2023, 2025)}-${rng.digits(5)}`;
  const date = pastDate(rng);
  const [buyer, supplier] = [company(rng, language), company(rng, language)];
  const count = options.long ? rng.int(42, 55) : rng.int(2, 8);
  const items = Array.from({ length: count }, () => {
    const quantity = rng.int(1, 50);
    const unitCents = rng.int(1, 900) * 100 + rng.pick([0, 50]);
    return { item: rng.pick(zh ? GOODS_ZH : GOODS_EN), quantity, unitCents, amountCents: quantity * unitCents };
  });
  const totalCents = items.reduce((s, i) => s + i.amountCents, 0);
  const separators = !zh && rng.chance(0.6);
  const money = (cents: number) => amountText(cents, separators);
  const blocks: Block[] = [
    { kind: 'title', text: zh ? '采购订单' : 'PURCHASE ORDER' },
    {
      kind: 'pairs',
      pairs: [
        [zh ? rng.pick(['订单号', '采购单号']) : rng.pick(['PO number', 'PO No.']), poNumber],
        [zh ? '订单日期' : 'Order date', printedDate(rng, date, language)],
        [zh ? '采购方' : 'Buyer', buyer],
        [zh ? '供应商' : 'Supplier', supplier],
      ],
      columns: rng.chance(0.5) ? 2 : 1,
      style: rng.chance(0.8) ? 'colon' : 'tab',
    },
    {
      kind: 'table',
      headers: zh ? [rng.pick(['品名', '商品名称']), '规格', '数量', '单价', '金额'] : ['Item', 'Unit', 'Quantity', 'Unit price', 'Amount'],
      rows: items.map((i) => [i.item, zh ? rng.pick(['台', '个', '箱', '套']) : rng.pick(['pc', 'box', 'set']), String(i.quantity), money(i.unitCents), money(i.amountCents)]),
      widths: [2.8, 0.8, 1, 1.3, 1.5],
      align: ['left', 'left', 'right', 'right', 'right'],
      ruled: rng.chance(0.5),
      repeatHeader: rng.chance(0.5),
    },
    { kind: 'pairs', pairs: [[zh ? '总计' : 'Total', `${zh ? '¥' : ''}${money(totalCents)}`]], columns: 1, style: 'colon' },
    { kind: 'paragraph', text: zh ? '请于收到订单后五个工作日内发货，并随货附送货单。' : 'Please deliver within five working days of receipt and enclose a delivery note with the goods.' },
  ];
  return {
    kind: 'purchase_order',
    category: 'Purchase order',
    language,
    blocks,
    page: A4,
    faults: [],
    truth: {
      fields: { 'PO number': poNumber, 'Order date': isoDate(date), Buyer: buyer, Supplier: supplier, Total: money(totalCents) },
      tables: { Items: items.map((i) => ({ Item: i.item, Quantity: String(i.quantity), 'Unit price': money(i.unitCents), Amount: money(i.amountCents) })) },
    },
  };
}
