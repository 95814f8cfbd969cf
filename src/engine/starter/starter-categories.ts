import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FieldDefinition, TableDefinition } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { insertCategory, type NewCategory, type NewSample } from '../store/category-store.js';

type StarterCategory = Pick<NewCategory, 'name' | 'description' | 'categoryPrompt' | 'fields' | 'tables'>;

// Amounts are read as the number printed ("¥1,130.00" → "1,130.00"); a written-out amount (大写) does not fit.
const AMOUNT: FieldDefinition['transform_settings'] = { regex_settings: { match: String.raw`-?\d[\d,]*(?:\.\d+)?` } };
const DATE: FieldDefinition['transform_settings'] = { datetime_settings: { format: 'YYYY-MM-DD' } };

function field(name: string, alias: string[], identity: string, more: Partial<FieldDefinition> = {}): FieldDefinition {
  return { name, alias, identity, ...more };
}

/**
 * The categories a new local engine starts with. Their names, field names and identities are a
 * contract: review rules are written against them (src/engine/starter/starter-repository.ts) and the
 * invoice verification finds its values by these identities.
 */
export const STARTER_CATEGORIES: readonly StarterCategory[] = [
  {
    name: 'VAT invoice',
    description: 'Chinese VAT invoice (增值税发票): special or ordinary, paper or fully digital, with its line items.',
    categoryPrompt: '增值税发票 / VAT invoice: 增值税专用发票、增值税普通发票、数电发票; 发票代码、发票号码、开票日期、购买方、销售方、价税合计',
    fields: [
      field('Invoice code', ['发票代码'], 'invoice_code'),
      field('Invoice number', ['发票号码'], 'invoice_number'),
      field('Invoice date', ['开票日期'], 'invoice_date', { transform_settings: DATE }),
      field('Buyer name', ['购买方名称', '购买方 名称'], 'buyer_name'),
      field('Buyer tax ID', ['购买方纳税人识别号'], 'buyer_tax_id'),
      field('Seller name', ['销售方名称'], 'seller_name'),
      field('Seller tax ID', ['销售方纳税人识别号'], 'seller_tax_id'),
      field('Amount', ['合计金额', '金额合计'], 'amount', { description: 'Total amount excluding tax', transform_settings: AMOUNT }),
      field('Tax', ['合计税额', '税额合计'], 'tax', { description: 'Total tax', transform_settings: AMOUNT }),
      field('Total', ['价税合计', '价税合计(小写)'], 'total', { description: 'Total including tax', transform_settings: AMOUNT }),
      // Printed in groups of five; kept as its 20 digits, whatever the spacing (or a scan's stray dots).
      field('Check code', ['校验码'], 'check_code', { transform_settings: { regex_settings: { match: String.raw`\D+`, replace: '' } } }),
    ],
    tables: [
      {
        name: 'Line items',
        collect_from_multi_table: true,
        fields: [
          field('Item', ['货物或应税劳务名称', '项目名称'], 'item'),
          field('Quantity', ['数量'], 'quantity'),
          field('Unit price', ['单价'], 'unit_price'),
          field('Amount', ['金额'], 'line_amount', { transform_settings: AMOUNT }),
          field('Tax rate', ['税率'], 'tax_rate'),
          field('Tax', ['税额'], 'line_tax', { transform_settings: AMOUNT }),
        ],
      },
    ],
  },
  {
    name: 'Receipt',
    description: 'A shop or till receipt: merchant, date, items, total and how it was paid.',
    categoryPrompt: '购物小票、收据 / shop or till receipt: 商户名称、日期、商品、金额、合计、实付、支付方式',
    fields: [
      field('Merchant', ['商户名称'], 'merchant'),
      field('Date', ['日期'], 'date', { transform_settings: DATE }),
      field('Total', ['合计', '实付'], 'total', { transform_settings: AMOUNT }),
      field('Payment method', ['支付方式'], 'payment_method', {
        transform_settings: { enumerate_settings: { items: ['Cash', 'Card', 'WeChat Pay', 'Alipay', '现金', '银行卡', '微信支付', '支付宝'] }, mismatch_action: { default_value: 'Other' } },
      }),
    ],
    tables: [{ name: 'Items', collect_from_multi_table: true, fields: [field('Item', ['商品', '品名'], 'item'), field('Amount', ['金额'], 'amount', { transform_settings: AMOUNT })] }],
  },
  {
    name: 'Purchase order',
    description: 'A purchase order from a buyer to a supplier, with its ordered items.',
    categoryPrompt: '采购订单 / purchase order: 订单号、订单日期、采购方、供应商、订购商品明细、总计',
    fields: [
      field('PO number', ['订单号', '采购单号', 'PO No.'], 'po_number'),
      field('Order date', ['订单日期'], 'order_date', { transform_settings: DATE }),
      field('Buyer', ['采购方'], 'buyer'),
      field('Supplier', ['供应商'], 'supplier'),
      field('Total', ['总计'], 'total', { transform_settings: AMOUNT }),
    ],
    tables: [
      {
        name: 'Items',
        collect_from_multi_table: true,
        fields: [
          field('Item', ['品名', '商品名称'], 'item'),
          field('Quantity', ['数量'], 'quantity'),
          field('Unit price', ['单价'], 'unit_price', { transform_settings: AMOUNT }),
          field('Amount', ['金额'], 'amount', { transform_settings: AMOUNT }),
        ],
      },
    ],
  },
];

/** A sample document made from the category itself: each field's labels with a placeholder, then a table header and row. */
export function starterSampleText(category: StarterCategory): string {
  const labelled = (f: FieldDefinition) => [...(f.alias ?? []).slice(0, 1), f.name].join(' / ');
  const tableLines = (t: TableDefinition) => [t.name, t.fields.map(labelled).join('    '), t.fields.map(() => '…').join('    ')];
  return [category.name, category.description, ...category.fields.map((f) => `${labelled(f)}: …`), ...category.tables.flatMap(tableLines)].join('\n');
}

/**
 * Adds the starter categories to a workspace, each with its sample, in one transaction. A category
 * whose name is already taken there is left alone, so seeding again does no harm.
 */
export async function seedStarterCategories(deps: EngineDeps, workspaceId: string): Promise<void> {
  const taken = deps.db.prepare('SELECT 1 FROM categories WHERE workspace_id = ? AND name = ?');
  const missing = STARTER_CATEGORIES.filter((c) => !taken.get(workspaceId, c.name));
  const samples = await Promise.all(missing.map((c) => adoptSample(deps, c)));
  deps.db.transaction(() => {
    missing.forEach((c, i) => insertCategory(deps, { ...c, workspaceId, extractModel: 'Auto', samples: [samples[i]!] }));
  })();
}

async function adoptSample(deps: EngineDeps, category: StarterCategory): Promise<NewSample> {
  const text = starterSampleText(category);
  const fileName = `${category.name.toLowerCase().replace(/\s+/g, '-')}-sample.txt`;
  const path = join(deps.tempDir, `starter-${deps.ids.next()}-${fileName}`);
  await writeFile(path, text, 'utf8');
  const { sha256, size } = await deps.blobs.adopt(path);
  return { fileName, blob: sha256, size, text };
}
