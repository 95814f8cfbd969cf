import type { Block, GeneratedDocument } from '../document-model.js';
import type { Rng } from '../rng.js';
import { amountText, isoDate, pastDate, SHOP_GOODS_EN, SHOP_GOODS_ZH, shop, type Language } from '../values.js';

const TILL_SLIP = { width: 260, height: 560 };
const METHODS: Record<Language, readonly (readonly [printed: string, truth: string])[]> = {
  zh: [['微信支付', '微信支付'], ['支付宝', '支付宝'], ['现金', '现金'], ['银行卡', '银行卡'], ['微信支付（扫码）', '微信支付']],
  en: [['Card', 'Card'], ['Cash', 'Cash'], ['Alipay', 'Alipay'], ['Card (Visa ****1234)', 'Card'], ['WeChat Pay', 'WeChat Pay']],
};

/** A till receipt: merchant, date and time, items, total and payment method. */
export function receipt(rng: Rng, language: Language): GeneratedDocument {
  const zh = language === 'zh';
  const merchant = shop(rng, language);
  const date = pastDate(rng);
  const time = `${String(rng.int(8, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
  const items = Array.from({ length: rng.int(1, 6) }, () => {
    const quantity = rng.int(1, 4);
    const unitCents = rng.int(2, 60) * 100 + rng.pick([0, 50, 90]);
    return { item: rng.pick(zh ? SHOP_GOODS_ZH : SHOP_GOODS_EN), quantity, unitCents, amountCents: quantity * unitCents };
  });
  const totalCents = items.reduce((s, i) => s + i.amountCents, 0);
  const [printedMethod, method] = rng.pick(METHODS[language]);
  const money = (cents: number) => amountText(cents, false);
  const blocks: Block[] = [
    { kind: 'title', text: zh ? '购物小票' : 'RECEIPT' },
    { kind: 'pairs', pairs: [[zh ? '商户名称' : 'Merchant', merchant], [zh ? '日期' : 'Date', `${isoDate(date)} ${time}`]], columns: 1, style: 'colon' },
    {
      kind: 'table',
      headers: zh ? ['商品', '数量', '单价', '金额'] : ['Item', 'Qty', 'Price', 'Amount'],
      rows: items.map((i) => [i.item, String(i.quantity), money(i.unitCents), money(i.amountCents)]),
      widths: [2.2, 0.8, 1.1, 1.3],
      align: ['left', 'right', 'right', 'right'],
      ruled: false,
      repeatHeader: false,
    },
    {
      kind: 'pairs',
      pairs: zh
        ? [['合计', `¥${money(totalCents)}`], ['实付', `¥${money(totalCents)}`], ['支付方式', printedMethod]]
        : [['Total', money(totalCents)], ['Payment method', printedMethod]],
      columns: 1,
      style: 'colon',
    },
    { kind: 'paragraph', text: zh ? '谢谢惠顾，欢迎再次光临' : 'Thank you for shopping with us!' },
  ];
  return {
    kind: 'receipt',
    category: 'Receipt',
    language,
    blocks,
    page: TILL_SLIP,
    faults: [],
    truth: {
      fields: { Merchant: merchant, Date: isoDate(date), Total: money(totalCents), 'Payment method': method },
      tables: { Items: items.map((i) => ({ Item: i.item, Amount: money(i.amountCents) })) },
    },
  };
}
