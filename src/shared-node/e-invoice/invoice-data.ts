import { z } from 'zod';
import { Position } from '../../shared/api/index.js';

/**
 * An invoice's values as a structured reader gives them (EN 16931 CII or UBL, China's fully digital
 * e-invoice XML (数电票), the invoice XML of a Chinese OFD e-invoice): every reader of invoice data ends in this one shape, and one step
 * (map-invoice-data.ts) puts it onto a category's fields and line-item table.
 */

/** A decimal as the data writes it, normalised: optional minus, digits, optional fraction ("-12.5", "529.87"). */
export const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal number such as 529.87');
/** A calendar date, ISO 8601 (YYYY-MM-DD). */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const InvoiceParty = z.object({
  name: z.string(),
  /** The first address line (street and house number). */
  street: z.string().optional(),
  /** Further address lines (c/o, building, floor), joined with ", ". */
  streetMore: z.string().optional(),
  postcode: z.string().optional(),
  city: z.string().optional(),
  /** ISO 3166-1 alpha-2 where the data gives a code ("DE"), else as written. */
  country: z.string().optional(),
  /** VAT identification number (EN 16931 BT-31/BT-48; 纳税人识别号 of a Chinese invoice). */
  vatId: z.string().optional(),
  /** A local tax registration number that is not a VAT id (BT-32, "FC"). */
  taxNumber: z.string().optional(),
  phone: z.string().optional(),
  /** Bank and account as one text, where an invoice prints it per party (开户行及账号). */
  bankAccount: z.string().optional(),
});
export type InvoiceParty = z.infer<typeof InvoiceParty>;

/** One rate of the tax breakdown: the taxable amount, the rate in percent and the tax at that rate. */
export const InvoiceTaxRate = z.object({
  rate: Decimal.optional(),
  /** The VAT category code (S, Z, E, AE, K, G, O, L, M) where the data gives one. */
  category: z.string().optional(),
  basis: Decimal.optional(),
  tax: Decimal,
});
export type InvoiceTaxRate = z.infer<typeof InvoiceTaxRate>;

export const InvoiceLine = z.object({
  description: z.string(),
  /** Model or specification (规格型号), where the data gives one apart from the description. */
  specification: z.string().optional(),
  quantity: Decimal.optional(),
  /** Unit of measure as the data names it (UN/ECE rec. 20 code such as "H87", or 个, 次). */
  unit: z.string().optional(),
  unitPrice: Decimal.optional(),
  /** The line's net amount (a ZUGFeRD 1.0 BASIC line may leave it out). */
  amount: Decimal.optional(),
  /** VAT rate in percent. */
  taxRate: Decimal.optional(),
  /** The line's tax, where the data gives it per line (Chinese invoices do). */
  taxAmount: Decimal.optional(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceData = z.object({
  /**
   * Which structured form the values came from: 'CII' (Factur-X, ZUGFeRD, XRechnung), 'UBL',
   * 'EInvoice' (the tax bureau's XML of a fully digital e-invoice, 数电票), 'OFD' (a Chinese invoice's XML or tags).
   */
  syntax: z.enum(['CII', 'UBL', 'EInvoice', 'OFD']),
  /** The specification the data says it follows (BT-24), as written: "urn:cen.eu:en16931:2017", with a CIUS or profile after it. */
  guideline: z.string().optional(),
  number: z.string(),
  /** A credit note (UNTDID 1001 code 381, UBL CreditNote) rather than an invoice. */
  creditNote: z.boolean(),
  /** The type code as the data writes it (380, 381, 384, ...; 01, 10, ... for Chinese invoices). */
  typeCode: z.string().optional(),
  /** 发票代码 and 校验码 of a Chinese invoice; machine number (机器编号). */
  invoiceCode: z.string().optional(),
  checkCode: z.string().optional(),
  machineNumber: z.string().optional(),
  /** A Chinese VAT invoice's kind: 增值税专用发票 ('special', its tax deductible) or 普通发票 ('ordinary'). */
  kind: z.enum(['special', 'ordinary']).optional(),
  issueDate: IsoDate,
  dueDate: IsoDate.optional(),
  /** ISO 4217 ("EUR", "CNY"). */
  currency: z.string(),
  seller: InvoiceParty,
  buyer: InvoiceParty,
  /** Sum of the net amounts the tax is computed on (BT-109, 合计金额). */
  netTotal: Decimal,
  taxes: z.array(InvoiceTaxRate),
  /** Total tax in the invoice currency (BT-110, 合计税额). */
  taxTotal: Decimal,
  /** Total with tax (BT-112, 价税合计). */
  total: Decimal,
  /** Amount due for payment (BT-115): the total less prepaid amounts and rounding. */
  amountDue: Decimal,
  paymentTerms: z.string().optional(),
  /** The payee's account (BT-84) as written, spaces removed. */
  iban: z.string().optional(),
  lines: z.array(InvoiceLine),
  /** The invoice's remarks as written (备注). */
  remark: z.string().optional(),
  /** Who issued it (开票人). */
  drawer: z.string().optional(),
});
export type InvoiceData = z.infer<typeof InvoiceData>;

/**
 * Where the page prints a value: keyed by the value's path in InvoiceData ("number", "seller.name",
 * "lines.2.amount"). A reader that knows it (OFD invoice tags, a drawn page) gives it; else it is
 * looked up in the page's text.
 */
export const InvoicePlacements = z.record(z.string(), z.array(Position));
export type InvoicePlacements = z.infer<typeof InvoicePlacements>;

/** A value the printed page states otherwise than the data (the page prints 253.62 as the total, the XML says 235.62). */
export const PrintDisagreement = z.object({
  /** The value's path in InvoiceData ("total"). */
  path: z.string(),
  /** What the page prints, as printed. */
  printed: z.string(),
  /** What the data says. */
  given: z.string(),
  /** Where the page prints it. */
  position: Position,
});
export type PrintDisagreement = z.infer<typeof PrintDisagreement>;

/** The invoice data a parsed document carries, with how its page came to be. */
export const DocumentInvoice = z.object({
  data: InvoiceData,
  /** 'original': the file's own printed page (Factur-X PDF, OFD); 'drawn': the engine drew the page from the data alone. */
  page: z.enum(['original', 'drawn']),
  placements: InvoicePlacements.optional(),
  /** Every amount the data states anywhere (totals, allowances, prepaid sums, lines), in cents: what an original page may print. */
  statedAmounts: z.array(z.number()).optional(),
  /** An original page checked against the data: where they disagree, read surely (empty when they agree). */
  disagreements: z.array(PrintDisagreement).optional(),
  /** Printed amounts that seemed to disagree but were not read surely: named to the clerk, never failed. */
  uncompared: z.array(PrintDisagreement).optional(),
});
export type DocumentInvoice = z.infer<typeof DocumentInvoice>;
