/**
 * What a field is for, read from its definition, and the words a document prints beside such a
 * value. Field names are matched as words (en, zh, de, fr, es, ja, ms); the page labels are
 * matched as printed labels, the longest first, so "Sub total" is never read as "Total".
 */
export type FieldRole =
  | 'issuer_name'
  | 'issuer_address'
  | 'buyer_name'
  | 'buyer_address'
  | 'phone'
  | 'issuer_tax_id'
  | 'buyer_tax_id'
  | 'document_number'
  | 'document_code'
  | 'check_code'
  | 'machine_number'
  | 'date'
  | 'due_date'
  | 'subtotal'
  | 'tax'
  | 'total'
  | 'currency';

/** What a value of the role looks like on the page. */
export type ValueType = 'name' | 'address' | 'phone' | 'id' | 'date' | 'amount' | 'currency';

export const VALUE_TYPE: Record<FieldRole, ValueType> = {
  issuer_name: 'name',
  issuer_address: 'address',
  buyer_name: 'name',
  buyer_address: 'address',
  phone: 'phone',
  issuer_tax_id: 'id',
  buyer_tax_id: 'id',
  document_number: 'id',
  document_code: 'id',
  check_code: 'id',
  machine_number: 'id',
  date: 'date',
  due_date: 'date',
  subtotal: 'amount',
  tax: 'amount',
  total: 'amount',
  currency: 'currency',
};

/** Words of a field's name, aliases or prompt that say which party a name, address or tax id belongs to. */
export const BUYER_WORDS = ['buyer', 'bill to', 'billed to', 'sold to', 'ship to', 'customer', 'client', 'purchaser', 'recipient', '购买方', '购方', '买方', '客户', 'käufer', 'kunde', 'rechnungsempfänger', 'acheteur', 'destinataire', 'comprador', 'cliente', 'destinatario', '買い手', '購入者', '請求先', 'お客様', 'pembeli'];
export const SELLER_WORDS = ['seller', 'vendor', 'supplier', 'merchant', 'company', 'issuer', 'shop', 'store', 'restaurant', 'business', 'from', '销售方', '销方', '卖方', '商户', '商家', '开票方', '公司', 'verkäufer', 'lieferant', 'firma', 'fournisseur', 'vendeur', 'société', 'vendedor', 'proveedor', 'empresa', '販売者', '売り手', '発行者', '会社', 'syarikat', 'kedai'];

/** Per role, the words that name it in a field definition (lower case; matched as whole words, CJK as substrings). */
export const ROLE_NAME_WORDS: readonly { role: FieldRole | 'party_name' | 'party_address' | 'party_tax_id'; words: string[] }[] = [
  // Most specific first: a "tax id" is no "tax", a "due date" no "date", an "invoice code" no "invoice number".
  { role: 'check_code', words: ['check code', 'verification code', '校验码', 'prüfcode', 'code de contrôle', 'código de verificación'] },
  { role: 'machine_number', words: ['machine number', 'machine no', '机器编号'] },
  { role: 'party_tax_id', words: ['tax id', 'tax number', 'tax no', 'vat id', 'vat number', 'vat no', 'vat reg', 'gst id', 'gst reg', 'gst no', 'tin', 'ein', 'abn', 'taxpayer', '纳税人识别号', '税号', '统一社会信用代码', 'ust-id', 'ust-idnr', 'steuernummer', 'umsatzsteuer-id', 'numéro de tva', 'n° tva', 'siret', 'nif', 'cif', 'rfc', '登録番号', '法人番号'] },
  { role: 'document_code', words: ['invoice code', '发票代码'] },
  { role: 'phone', words: ['phone', 'telephone', 'tel', 'mobile', '电话', 'telefon', 'téléphone', 'teléfono', '電話', 'no. tel'] },
  { role: 'due_date', words: ['due date', 'payment due', 'due', 'pay by', '到期日', '付款期限', 'fälligkeitsdatum', 'fällig', 'zahlbar bis', "date d'échéance", 'échéance', 'fecha de vencimiento', 'vencimiento', '支払期限', '支払期日'] },
  { role: 'date', words: ['date', 'invoice date', 'issue date', 'receipt date', 'dated', '开票日期', '日期', '时间', 'datum', 'rechnungsdatum', 'date de facture', 'fecha', 'fecha de emisión', '日付', '発行日', '請求日', 'tarikh'] },
  { role: 'party_address', words: ['address', 'addr', '地址', 'adresse', 'anschrift', 'dirección', 'direccion', 'domicilio', '住所', '所在地', 'alamat'] },
  { role: 'document_number', words: ['invoice number', 'invoice no', 'invoice #', 'invoice id', 'receipt number', 'receipt no', 'bill number', 'bill no', 'document number', 'document no', 'number', 'no', 'reference', 'ref', '发票号码', '号码', '单号', '编号', 'rechnungsnummer', 'rechnung nr', 'belegnummer', 'nummer', 'numéro de facture', 'numéro', 'n°', 'número de factura', 'número', 'nº', '請求書番号', '番号', 'no.'] },
  { role: 'subtotal', words: ['subtotal', 'sub total', 'sub-total', 'net amount', 'amount excluding tax', 'amount before tax', 'excl', '合计金额', '金额合计', '金额', '不含税', 'zwischensumme', 'nettobetrag', 'netto', 'sous-total', 'montant ht', 'total ht', 'base imponible', 'subtotal', '小計', '税抜'] },
  { role: 'tax', words: ['tax', 'vat', 'gst', 'sst', 'sales tax', 'tax amount', '税额', '合计税额', '税额合计', '税金', 'mwst', 'mehrwertsteuer', 'ust', 'steuer', 'tva', 'iva', 'impuesto', '消費税', '税額', 'cukai'] },
  { role: 'total', words: ['total', 'grand total', 'amount due', 'total amount', 'sum', 'balance due', 'amount payable', '价税合计', '合计', '总计', '总额', '总金额', '实付', '应付', 'gesamtbetrag', 'gesamt', 'summe', 'endbetrag', 'rechnungsbetrag', 'total ttc', 'montant total', 'montant', 'importe total', 'importe', 'total a pagar', '合計', '総額', '請求金額', 'ご請求額', 'jumlah'] },
  { role: 'currency', words: ['currency', '币种', '货币', 'währung', 'devise', 'monnaie', 'moneda', 'divisa', '通貨', 'mata wang'] },
  { role: 'party_name', words: ['name', 'company', 'merchant', 'vendor', 'seller', 'supplier', 'buyer', 'customer', 'client', 'store', 'shop', 'issuer', 'business', '名称', '公司', '商户', '销售方', '购买方', 'firma', 'name des', 'nom', 'société', 'fournisseur', 'nombre', 'empresa', 'proveedor', '会社名', '名称', '氏名', 'nama', 'syarikat', 'kedai'] },
];

/**
 * Labels a document prints before or above a value of the role. Labels of other roles and the
 * BLOCKING ones below compete for the same text: the longest label at a place owns it.
 */
export const PAGE_LABELS: Record<FieldRole, string[]> = {
  issuer_name: ['seller', 'vendor', 'supplier', 'from', 'sold by', '销售方名称', '销售方', '名称', 'verkäufer', 'lieferant', 'fournisseur', 'vendeur', 'vendedor', 'proveedor', 'emisor'],
  issuer_address: ['address', 'addr', '地址', '地址、电话', 'adresse', 'anschrift', 'dirección', '住所', '所在地', 'alamat'],
  buyer_name: ['bill to', 'billed to', 'sold to', 'customer', 'client', 'buyer', 'invoice to', '购买方名称', '购买方', 'kunde', 'rechnungsempfänger', 'käufer', 'client', 'facturé à', 'destinataire', 'cliente', 'facturar a', '請求先', 'お客様'],
  buyer_address: ['bill to', 'billed to', 'ship to', 'invoice to', 'customer address', 'lieferadresse', 'adresse de facturation', 'dirección de facturación', '请求先住所'],
  phone: ['tel', 'tel.', 'tel no', 'telephone', 'phone', 'ph', 'mobile', 'hp', 'tel/fax', '电话', '地址、电话', 'telefon', 'tél', 'téléphone', 'teléfono', '電話', 'tel :'],
  issuer_tax_id: ['gst id', 'gst reg no', 'gst reg', 'gst no', 'gst id no', 'gst reg. no', 'vat no', 'vat reg no', 'vat number', 'vat id', 'tax id', 'tin', 'abn', 'ein', '纳税人识别号', '销售方纳税人识别号', '统一社会信用代码/纳税人识别号', 'ust-idnr', 'ust-id', 'ust-id-nr', 'steuernummer', 'steuer-nr', 'umsatzsteuer-id', 'n° tva', 'numéro de tva', 'tva intracommunautaire', 'siret', 'nif', 'cif', 'rfc', '登録番号'],
  buyer_tax_id: ['customer vat no', 'customer tax id', 'buyer tax id', '购买方纳税人识别号', 'kunden-ust-idnr'],
  document_number: ['invoice number', 'invoice no', 'invoice no.', 'invoice #', 'invoice', 'inv no', 'inv #', 'receipt no', 'receipt #', 'receipt number', 'bill no', 'bill #', 'doc no', 'document no', 'document number', 'order no', 'no', 'no.', '#', '№', 'nr', 'nr.', '发票号码', 'rechnungsnummer', 'rechnung nr', 'rechnungs-nr', 'rechnung', 'facture n°', 'facture', 'n°', 'numéro', 'factura nº', 'factura', 'número', 'nº', '請求書番号', '請求書no'],
  document_code: ['发票代码', 'invoice code'],
  check_code: ['校验码', 'check code'],
  machine_number: ['机器编号', 'machine no'],
  date: ['date', 'invoice date', 'date of issue', 'issue date', 'issued', 'receipt date', 'bill date', 'biz date', 'bizdate', 'trans date', 'tarikh', 'datum', 'rechnungsdatum', 'belegdatum', 'date de facture', "date d'émission", 'fecha', 'fecha de emisión', 'fecha factura', '开票日期', '日期', '日付', '発行日', '請求日'],
  due_date: ['due date', 'payment due', 'due', 'due by', 'pay by', 'fälligkeitsdatum', 'fällig am', 'zahlbar bis', "date d'échéance", 'échéance', 'fecha de vencimiento', 'vencimiento', '支払期限', '支払期日', '到期日'],
  subtotal: ['excluding gst', 'excl gst', 'excl. gst', 'exclusive of gst', 'exclusive gst', 'before gst', 'excluding tax', 'excl. tax', 'excl tax', 'excl. vat', 'before tax', 'subtotal', 'sub total', 'sub-total', 'net amount', 'total excl', 'total excl. tax', 'total excluding gst', 'total sales (excluding gst)', 'amount excluding tax', 'total before tax', '合计金额', '金额合计', 'zwischensumme', 'nettobetrag', 'summe netto', 'gesamt netto', 'sous-total', 'total ht', 'montant ht', 'base imponible', 'subtotal', '小計', '税抜金額'],
  tax: ['tax', 'vat', 'gst', 'sst', 'sales tax', 'total tax', 'tax amount', 'total gst', 'gst amount', 'gst 6%', 'gst @6%', '合计税额', '税额合计', '税额', 'mwst', 'mwst.', 'ust', 'ust.', 'mehrwertsteuer', 'tva', 'montant tva', 'iva', 'impuesto', '消費税', '税額'],
  total: ['inclusive of gst', 'inclusive gst', 'inclusive of tax', 'incl. gst', 'incl gst', 'including gst', 'incl. vat', 'incl. tax', 'amt due', 'due', 'total', 'grand total', 'total amount', 'amount due', 'total due', 'balance due', 'amount payable', 'total payable', 'total (rm)', 'total rm', 'total amt', 'nett total', 'net total', 'total sales', 'total sales (inclusive gst)', 'total inclusive gst', 'total incl. gst', 'total incl', 'rounded total', 'round total', 'total rounded', 'rounded total (rm)', 'total after rounding', 'grand total (rm)', 'jumlah', '价税合计', '价税合计(小写)', '(小写)', '小写', '合计', '总计', '实付', '应付', 'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'summe', 'total ttc', 'montant total', 'net à payer', 'importe total', 'total a pagar', '合計', '合計金額', 'ご請求金額', '請求金額'],
  currency: ['currency', '币种', 'währung', 'devise', 'moneda', '通貨'],
};

/**
 * Labels of values no field role takes, which would otherwise be read as a shorter label inside
 * them: "Total qty" is no total, "Cash" and "Change" are payments, not the amount of the document.
 */
export const BLOCKING_LABELS = ['total qty', 'total quantity', 'total items', 'total item', 'no. items', 'total saving', 'total savings', 'total discount', 'discount', 'cash', 'change', 'tender', 'tendered', 'paid', 'payment', 'balance', 'rounding', 'rounding adj', 'rounding adjustment', 'round adj', 'qty', 'item', 'items', 'unit price', 'price', 'amount(rm)', 'tax(rm)', 'gst summary', 'gst analysis', 'summary', 'deposit', 'card', 'visa', 'master', 'points', 'voucher', 'service charge', '大写', '价税合计(大写)', 'fax', 'company no', 'co no', 'co. no', 'company reg', 'reg no'];
