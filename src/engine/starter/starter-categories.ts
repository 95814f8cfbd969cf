import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FieldDefinition, TableDefinition } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import type { ClassifiableCategory } from '../pipeline/classify/classify.js';
import { insertCategory, type NewCategory, type NewSample } from '../store/category-store.js';
import { otherLanguage, type Bilingual, type DeskLanguage } from './desk-language.js';

export type StarterCategory = Pick<NewCategory, 'name' | 'description' | 'categoryPrompt' | 'fields' | 'tables'> & {
  /** Lines such a document typically prints, added to the starter sample: its words help classification. */
  typicalLines: readonly string[];
};

/** A field named in both desk languages, with the other labels it goes by (in any language). */
interface BilingualField {
  names: Bilingual;
  aliases: readonly string[];
  more: Omit<FieldDefinition, 'name' | 'alias'>;
}

interface BilingualTable extends Omit<TableDefinition, 'name' | 'fields'> {
  names: Bilingual;
  fields: readonly BilingualField[];
}

interface BilingualCategory extends Omit<StarterCategory, 'name' | 'description' | 'fields' | 'tables'> {
  names: Bilingual;
  descriptions: Bilingual;
  fields: readonly BilingualField[];
  tables: readonly BilingualTable[];
}

// Amounts are read as the number printed, in any country's marks, without its currency ("¥1,130.00" → "1,130.00";
// "1.234,56 €", "1 184,00" and "2,160.00" kept whole); a written-out amount (大写) does not fit.
const AMOUNT: FieldDefinition['transform_settings'] = { regex_settings: { match: String.raw`-?\d(?:[\d.,'\u00A0 ]*\d)?` } };
const DATE: FieldDefinition['transform_settings'] = { datetime_settings: { format: 'YYYY-MM-DD' } };
// A Chinese invoice number is digits only (8, or 20 on a 数电票): a scan's speck read as a dot or a space among them goes.
const DIGITS_ONLY: FieldDefinition['transform_settings'] = { regex_settings: { match: String.raw`\D+`, replace: '' } };

function field(en: string, zh: string, aliases: readonly string[], identity: string, more: Partial<FieldDefinition> = {}): BilingualField {
  return { names: { en, 'zh-CN': zh }, aliases, more: { identity, ...more } };
}

/**
 * The categories a new local engine starts with, named in each desk language. Their identities, and
 * the names of either language, are a contract: review rules are written against them
 * (src/engine/starter/starter-repository.ts) and the invoice verification finds its values by these identities.
 */
const STARTER_CATEGORIES: readonly BilingualCategory[] = [
  {
    names: { en: 'VAT invoice', 'zh-CN': '增值税发票' },
    descriptions: {
      en: 'Chinese VAT invoice (增值税发票): special or ordinary, paper or fully digital, with its line items.',
      'zh-CN': '增值税专用发票或普通发票（纸质或全电），含货物明细。',
    },
    categoryPrompt: '增值税专用发票 / 增值税普通发票 / 增值税电子普通发票 / 电子发票 / 增值税发票 / VAT invoice / VAT special invoice / VAT ordinary invoice: 发票代码、开票日期、价税合计、校验码',
    // One category for the older VAT invoice (paper, electronic, OFD) and the 数电票: each field says which prints it.
    fields: [
      field('Invoice code', '发票代码', [], 'invoice_code', { description: 'Older invoices only: a 数电票 prints none' }),
      field('Invoice number', '发票号码', [], 'invoice_number', { description: '8 digits on an older invoice, 20 on a 数电票', transform_settings: DIGITS_ONLY }),
      field('Invoice date', '开票日期', [], 'invoice_date', { transform_settings: DATE }),
      field('Buyer name', '购买方名称', ['购买方 名称'], 'buyer_name'),
      field('Buyer tax ID', '购买方纳税人识别号', [], 'buyer_tax_id'),
      field('Seller name', '销售方名称', [], 'seller_name'),
      field('Seller tax ID', '销售方纳税人识别号', [], 'seller_tax_id'),
      field('Amount', '合计金额', ['金额合计'], 'amount', { description: 'Total amount excluding tax', transform_settings: AMOUNT }),
      field('Tax', '合计税额', ['税额合计'], 'tax', { description: 'Total tax', transform_settings: AMOUNT }),
      field('Total', '价税合计', ['价税合计(小写)'], 'total', { description: 'Total including tax', transform_settings: AMOUNT }),
      // Printed in groups of five; kept as its 20 digits, whatever the spacing (or a scan's stray dots).
      field('Check code', '校验码', [], 'check_code', { description: 'Older ordinary and electronic invoices only: a 数电票 prints none', transform_settings: { regex_settings: { match: String.raw`\D+`, replace: '' } } }),
      field('Invoice kind', '发票种类', [], 'invoice_kind', { description: 'Both: 专用发票 (special) or 普通发票 (ordinary), as the title says', transform_settings: { enumerate_settings: { items: ['专用发票', '普通发票'] } } }),
      field('Drawer', '开票人', [], 'drawer', { description: 'Both: who issued it' }),
      field('Remark', '备注', [], 'remark', { description: 'Both: the remarks, empty where the invoice has none' }),
    ],
    tables: [
      {
        names: { en: 'Line items', 'zh-CN': '货物明细' },
        collect_from_multi_table: true,
        fields: [
          field('Item', '货物或应税劳务、服务名称', ['货物或应税劳务名称', '项目名称'], 'item'),
          field('Quantity', '数量', [], 'quantity'),
          field('Unit price', '单价', [], 'unit_price'),
          field('Amount', '金额', [], 'line_amount', { transform_settings: AMOUNT }),
          field('Tax rate', '税率', [], 'tax_rate'),
          field('Tax', '税额', [], 'line_tax', { transform_settings: AMOUNT }),
        ],
      },
    ],
    typicalLines: ['增值税专用发票 / 增值税普通发票 / 电子发票（普通发票）', '国家税务总局监制  发票监制章  机器编号', '购买方  销售方  纳税人识别号  地址、电话  开户行及账号', '规格型号  单位  税率  价税合计（大写）  小写  收款人  复核  开票人'],
  },
  {
    names: { en: 'Invoice', 'zh-CN': '商业发票' },
    descriptions: {
      en: 'A commercial invoice from any country (Invoice, Rechnung, Facture, Factura, Fattura, Factuur, 請求書): seller, buyer, amounts due and line items.',
      'zh-CN': '任何国家的商业发票（Invoice、Rechnung、Facture、Factura、Fattura、Factuur、請求書）：卖方、买方、应付金额和明细。',
    },
    categoryPrompt: 'Invoice / Tax invoice / Commercial invoice / Rechnung / Facture / Factura / Fattura / Factuur / 請求書 / 發票: bill to, payment terms, due date, amount due',
    fields: [
      field('Invoice number', '发票编号', ['Invoice No', 'Invoice #', 'Rechnungsnummer', 'Rechnungs-Nr', 'Numéro de facture', 'N° de facture', 'Número de factura', 'Numero fattura', 'Factuurnummer', '請求書番号', '發票號碼'], 'invoice_number'),
      field('Invoice date', '发票日期', ['Date of invoice', 'Rechnungsdatum', 'Date de facture', 'Fecha de factura', 'Data fattura', 'Factuurdatum', '請求日', '発行日', '發票日期'], 'invoice_date', { transform_settings: DATE }),
      field('Due date', '付款期限', ['Payment due', 'Fällig am', 'Zahlbar bis', "Date d'échéance", 'Échéance', 'Fecha de vencimiento', 'Data di scadenza', 'Scadenza', 'Vervaldatum', '支払期限'], 'due_date', { transform_settings: DATE }),
      field('Seller name', '卖方名称', ['Vendor', 'Seller', 'Verkäufer', 'Vendeur', 'Fournisseur', 'Vendedor', 'Proveedor', 'Fornitore', 'Leverancier', '請求元', '賣方'], 'seller_name'),
      field('Seller address', '卖方地址', ['Vendor address', 'Adresse du vendeur', 'Dirección del vendedor', 'Indirizzo fornitore', '請求元住所'], 'seller_address'),
      field('Seller tax ID', '卖方税号', ['VAT number', 'VAT No', 'VAT ID', 'Tax ID', 'USt-IdNr.', 'Steuernummer', 'Numéro de TVA', 'N° TVA', 'NIF', 'CIF', 'Partita IVA', 'P.IVA', 'BTW-nummer', '登録番号', '統一編號'], 'seller_tax_id'),
      field('Buyer name', '买方名称', ['Bill to', 'Billed to', 'Sold to', 'Customer', 'Client', 'Rechnungsempfänger', 'Kunde', 'Facturé à', 'Cliente', 'Facturar a', 'Klant', '請求先', '買方'], 'buyer_name'),
      field('Buyer address', '买方地址', ['Billing address', 'Rechnungsadresse', 'Adresse de facturation', 'Dirección de facturación', 'Indirizzo di fatturazione', 'Factuuradres', '請求先住所'], 'buyer_address'),
      field('Subtotal', '小计', ['Sub-total', 'Net amount', 'Zwischensumme', 'Nettobetrag', 'Sous-total', 'Total HT', 'Base imponible', 'Imponibile', 'Subtotaal', '小計', '税抜金額'], 'subtotal', { transform_settings: AMOUNT }),
      field('Tax', '税费', ['VAT', 'Sales tax', 'MwSt', 'USt', 'Umsatzsteuer', 'TVA', 'IVA', 'BTW', '消費税', '稅額'], 'tax', { transform_settings: AMOUNT }),
      field('Total', '总计', ['Amount due', 'Balance due', 'Total due', 'Invoice total', 'Gesamtbetrag', 'Rechnungsbetrag', 'Total TTC', 'Net à payer', 'Importe total', 'Totale', 'Totaal', '合計金額', 'ご請求金額', '總計'], 'total', { transform_settings: AMOUNT }),
      field('Currency', '币种', ['Währung', 'Devise', 'Moneda', 'Valuta', 'Munt', '通貨', '幣別'], 'currency'),
    ],
    tables: [
      {
        names: { en: 'Line items', 'zh-CN': '明细' },
        collect_from_multi_table: true,
        fields: [
          field('Description', '描述', ['Beschreibung', 'Bezeichnung', 'Désignation', 'Descripción', 'Concepto', 'Descrizione', 'Omschrijving', '品目', '摘要', '品名'], 'description'),
          field('Quantity', '数量', ['Qty', 'Menge', 'Anzahl', 'Quantité', 'Qté', 'Cantidad', 'Quantità', 'Aantal'], 'quantity'),
          field('Unit price', '单价', ['Rate', 'Einzelpreis', 'Prix unitaire', 'Precio unitario', 'Prezzo unitario', 'Eenheidsprijs', '単価', '單價'], 'unit_price', { transform_settings: AMOUNT }),
          field('Amount', '金额', ['Line total', 'Betrag', 'Montant', 'Importe', 'Importo', 'Bedrag', '金額'], 'line_amount', { transform_settings: AMOUNT }),
        ],
      },
    ],
    typicalLines: ['INVOICE / RECHNUNG / FACTURE / FACTURA / FATTURA / FACTUUR / 請求書', 'Bill to  Ship to  Payment terms: 30 days net  Due date', 'Zahlungsziel  Bankverbindung  IBAN  BIC  Conditions de paiement  Condiciones de pago  Termini di pagamento', 'Remittance  Bank transfer  Payment reference  Late payment interest  Purchase order reference'],
  },
  {
    names: { en: 'Receipt', 'zh-CN': '收据' },
    descriptions: {
      en: 'A shop or till receipt: merchant, date, items, total and how it was paid.',
      'zh-CN': '商店或收银小票：商户、日期、商品、合计和支付方式。',
    },
    categoryPrompt: 'Receipt / Cash receipt / Cash bill / Tax invoice / Simplified tax invoice / Kassenbon / Ticket de caisse / 购物小票 / 收据 / レシート: cashier, cash, change',
    fields: [
      field('Merchant', '商户名称', [], 'merchant'),
      field('Date', '日期', [], 'date', { transform_settings: DATE }),
      field('Total', '合计', ['实付'], 'total', { transform_settings: AMOUNT }),
      field('Payment method', '支付方式', ['Payment mode', 'Paid by'], 'payment_method', {
        transform_settings: { enumerate_settings: { items: ['Cash', 'Card', 'WeChat Pay', 'Alipay', '现金', '银行卡', '微信支付', '支付宝'] }, mismatch_action: { default_value: 'Other' } },
      }),
    ],
    tables: [{ names: { en: 'Items', 'zh-CN': '商品明细' }, collect_from_multi_table: true, fields: [field('Item', '商品', ['品名', 'Description'], 'item'), field('Amount', '金额', [], 'amount', { transform_settings: AMOUNT })] }],
    typicalLines: ['RECEIPT / CASH RECEIPT / CASH BILL / SIMPLIFIED TAX INVOICE', 'Cashier  Counter  Table  Pax  Member  Terminal  Qty  Price  Rounding adjustment  Dine in  Take away', 'Cash  Change  Tender  Paid  Visa  Mastercard  Debit card', 'Thank you, please come again! Goods sold are not returnable.', '收银员  找零  现金  谢谢惠顾  欢迎再次光临'],
  },
  {
    names: { en: 'Purchase order', 'zh-CN': '采购订单' },
    descriptions: {
      en: 'A purchase order from a buyer to a supplier, with its ordered items.',
      'zh-CN': '采购方发给供应商的采购订单，含订购商品。',
    },
    categoryPrompt: 'Purchase order / 采购订单 / Bestellung / Bon de commande / Orden de compra: 订单号、订单日期、采购方、供应商、订购商品明细、总计',
    fields: [
      field('PO number', '订单号', ['采购单号', 'PO No.'], 'po_number'),
      field('Order date', '订单日期', [], 'order_date', { transform_settings: DATE }),
      field('Buyer', '采购方', [], 'buyer'),
      field('Supplier', '供应商', [], 'supplier'),
      field('Total', '总计', [], 'total', { transform_settings: AMOUNT }),
    ],
    tables: [
      {
        names: { en: 'Items', 'zh-CN': '订购明细' },
        collect_from_multi_table: true,
        fields: [
          field('Item', '品名', ['商品名称'], 'item'),
          field('Quantity', '数量', [], 'quantity'),
          field('Unit price', '单价', [], 'unit_price', { transform_settings: AMOUNT }),
          field('Amount', '金额', [], 'amount', { transform_settings: AMOUNT }),
        ],
      },
    ],
    typicalLines: ['PURCHASE ORDER / 采购订单', 'Ship to  Deliver to  Delivery date  Requested by  Approved by', 'Please deliver within five working days of receipt and quote the PO number on the delivery note.', '交货日期  交货地址  请在送货单上注明订单号'],
  },
  {
    // The 数电票's travel tickets: the railway e-ticket prints most values without labels (read by their shape and place), the air itinerary under column heads.
    names: { en: 'Travel e-ticket', 'zh-CN': '电子客票' },
    descriptions: {
      en: 'A fully digital e-invoice for a journey (数电票): the railway e-ticket (电子发票（铁路电子客票）) or the air itinerary (电子发票（航空运输电子客票行程单）), with the passenger, the trip and what it cost.',
      'zh-CN': '全电发票中的客票：电子发票（铁路电子客票）或电子发票（航空运输电子客票行程单），含旅客、行程和票价。',
    },
    categoryPrompt: '电子发票（铁路电子客票） / 电子发票（航空运输电子客票行程单） / 铁路电子客票 / 航空运输电子客票行程单 / railway e-ticket / air itinerary: 旅客、车次或航班号、票价、电子客票号',
    fields: [
      field('Invoice number', '发票号码', [], 'invoice_number', { transform_settings: DIGITS_ONLY }),
      field('Invoice date', '开票日期', [], 'invoice_date', { transform_settings: DATE }),
      field('Passenger', '旅客姓名', ['乘客姓名'], 'passenger_name'),
      // Printed masked ("1101011990****1234"), and kept as printed.
      field('ID number', '有效身份证件号码', ['证件号码'], 'passenger_id'),
      field('Travel date', '乘车日期', ['乘机日期'], 'travel_date', { transform_settings: DATE }),
      field('Train or flight number', '车次/航班号', ['车次', '航班号'], 'trip_number'),
      field('Seat class', '席别/座位等级', ['席别', '座位等级'], 'seat_class'),
      field('Fare', '票价', [], 'fare', { transform_settings: AMOUNT }),
      field('Fuel surcharge', '燃油附加费', [], 'fuel_surcharge', { description: 'Air itinerary only', transform_settings: AMOUNT }),
      field('Development fund', '民航发展基金', [], 'development_fund', { description: 'Air itinerary only', transform_settings: AMOUNT }),
      field('Total', '合计', ['价税合计'], 'total', { description: 'What the ticket cost in all: the fare of a railway ticket', transform_settings: AMOUNT }),
      // Digits, and on a railway ticket a capital letter among them: a scan's specks go.
      field('E-ticket number', '电子客票号', ['电子客票号码'], 'ticket_number', { transform_settings: { regex_settings: { match: String.raw`[^0-9A-Z]+`, replace: '' } } }),
      field('Buyer name', '购买方名称', [], 'buyer_name'),
      field('Buyer tax ID', '购买方统一社会信用代码', ['统一社会信用代码'], 'buyer_tax_id'),
    ],
    tables: [],
    typicalLines: ['电子发票（铁路电子客票） / 电子发票（航空运输电子客票行程单）', '二等座  一等座  商务座  开  车  号  买票请到12306 发货请到95306', '自  至  承运人  航班号  座位等级  客票级别/客票类别  免费行李  燃油附加费  民航发展基金  增值税税率', '电子客票号  电子客票号码  购买方名称  统一社会信用代码'],
  },
];

/** A field in the desk's language: its name in the other language comes first among its aliases, so either is a label. */
function localizedField(f: BilingualField, language: DeskLanguage): FieldDefinition {
  return { name: f.names[language], alias: [f.names[otherLanguage(language)], ...f.aliases], ...f.more };
}

function localizedTable({ names, fields, ...rest }: BilingualTable, language: DeskLanguage): TableDefinition {
  return { name: names[language], ...rest, fields: fields.map((f) => localizedField(f, language)) };
}

/** The starter categories named in the desk's language; identities and transforms are the same in either. */
export function starterCategories(language: DeskLanguage): StarterCategory[] {
  return STARTER_CATEGORIES.map(({ names, descriptions, fields, tables, ...rest }) => ({
    name: names[language],
    description: descriptions[language],
    ...rest,
    fields: fields.map((f) => localizedField(f, language)),
    tables: tables.map((t) => localizedTable(t, language)),
  }));
}

/** A starter category's name in the desk's language. */
export function starterCategoryName(englishName: string, language: DeskLanguage): string {
  return bilingualCategory(englishName).names[language];
}

/** A starter category's field, or column as `Table.Column`, named in the desk's language. */
export function starterFieldName(categoryEnglishName: string, englishName: string, language: DeskLanguage): string {
  const category = bilingualCategory(categoryEnglishName);
  const [tableOrField, column] = englishName.split('.') as [string, string?];
  const table = column === undefined ? undefined : category.tables.find((t) => t.names.en === tableOrField);
  const field = column === undefined ? category.fields.find((f) => f.names.en === tableOrField) : table?.fields.find((f) => f.names.en === column);
  if (!field) throw new Error(`the starter category '${categoryEnglishName}' has no '${englishName}'`);
  return table ? `${table.names[language]}.${field.names[language]}` : field.names[language];
}

function bilingualCategory(englishName: string): BilingualCategory {
  const category = STARTER_CATEGORIES.find((c) => c.names.en === englishName);
  if (!category) throw new Error(`no starter category '${englishName}'`);
  return category;
}

/**
 * A sample document made from the category itself: each field's labels with a placeholder, a table
 * header and row, then lines such documents typically print.
 */
export function starterSampleText(category: StarterCategory): string {
  const labelled = (f: FieldDefinition) => [...(f.alias ?? []).slice(0, 1), f.name].join(' / ');
  const tableLines = (t: TableDefinition) => [t.name, t.fields.map(labelled).join('    '), t.fields.map(() => '…').join('    ')];
  return [category.name, category.description, ...category.fields.map((f) => `${labelled(f)}: …`), ...category.tables.flatMap(tableLines), ...category.typicalLines].join('\n');
}

/** The starter categories as classification reads them in a new workspace: each with its starter sample. */
export function classifiableStarterCategories(language: DeskLanguage): ClassifiableCategory[] {
  const labelled = (f: FieldDefinition) => ({ name: f.name, definition: f });
  return starterCategories(language).map((c) => ({ name: c.name, categoryPrompt: c.categoryPrompt, sampleTexts: [starterSampleText(c)], fields: c.fields.map(labelled), tables: c.tables.map((t) => ({ fields: t.fields.map(labelled) })) }));
}

/**
 * Adds the starter categories to a workspace, each with its sample, in one transaction. A category
 * whose name is already taken there is left alone, so seeding again does no harm.
 */
export async function seedStarterCategories(deps: EngineDeps, workspaceId: string, language: DeskLanguage): Promise<void> {
  const taken = deps.db.prepare('SELECT 1 FROM categories WHERE workspace_id = ? AND name = ?');
  const missing = starterCategories(language).filter((c) => !taken.get(workspaceId, c.name));
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
