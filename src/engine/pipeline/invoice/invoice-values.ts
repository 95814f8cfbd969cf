import type { ExtractedField, FileData } from '../../../shared/api/index.js';
import { fold } from '../../../shared/text/fold.js';
import { looseKey } from '../document/text-match.js';

/** A value the verification reads, with how sure its extraction was. */
export interface ReadValue {
  value: string;
  confidence: number;
}

export type InvoiceRole = 'code' | 'number' | 'date' | 'buyerTaxId' | 'sellerTaxId' | 'amount' | 'tax' | 'total' | 'checkCode';

/**
 * How a field is recognised as playing a role: by its identifier (`identity`) first, else by its name.
 * The names are those of the starter "VAT invoice" category and the usual Chinese labels, so a
 * category a clerk made with the same names is verified too.
 */
const INVOICE_ROLES: Readonly<Record<InvoiceRole, { identifier: string; names: readonly string[] }>> = {
  code: { identifier: 'invoice_code', names: ['Invoice code', '发票代码'] },
  number: { identifier: 'invoice_number', names: ['Invoice number', '发票号码'] },
  date: { identifier: 'invoice_date', names: ['Invoice date', '开票日期'] },
  buyerTaxId: { identifier: 'buyer_tax_id', names: ['Buyer tax ID', '购买方纳税人识别号'] },
  sellerTaxId: { identifier: 'seller_tax_id', names: ['Seller tax ID', '销售方纳税人识别号'] },
  amount: { identifier: 'amount', names: ['Amount', '合计金额', '金额合计'] },
  tax: { identifier: 'tax', names: ['Tax', '合计税额', '税额合计'] },
  total: { identifier: 'total', names: ['Total', '价税合计'] },
  checkCode: { identifier: 'check_code', names: ['Check code', '校验码'] },
};

/** The line amounts of an invoice's items table: cells named like this. */
const LINE_AMOUNT = { identifier: 'line_amount', names: ['Amount', '金额'] } as const;

export type InvoiceValues = Partial<Record<InvoiceRole, ReadValue>> & { lineAmounts: ReadValue[] | undefined };

function plays(field: Pick<ExtractedField, 'key' | 'identifier'>, role: { identifier: string; names: readonly string[] }): boolean {
  if (field.identifier) return field.identifier === role.identifier;
  return role.names.some((name) => looseKey(name) === looseKey(field.key));
}

/** The invoice's values by role (the first non-empty field of each role), and the line amounts of its first items table. */
export function invoiceValuesOf(data: Pick<FileData, 'fields' | 'tables'>): InvoiceValues {
  const values: InvoiceValues = { lineAmounts: undefined };
  for (const role of Object.keys(INVOICE_ROLES) as InvoiceRole[]) {
    const field = data.fields.find((f) => f.value.trim() !== '' && plays(f, INVOICE_ROLES[role]));
    if (field) values[role] = { value: field.value.trim(), confidence: field.confidence ?? 1 };
  }
  const table = data.tables.find((t) => t.items.some((row) => row.some((cell) => plays(cell, LINE_AMOUNT))));
  if (table) {
    values.lineAmounts = table.items.flatMap((row) => row.filter((cell) => plays(cell, LINE_AMOUNT)).map((cell) => ({ value: cell.value, confidence: cell.confidence ?? 1 })));
  }
  return values;
}

/** Whether the data comes from an invoice category at all: it has an invoice number or code field. */
export function looksLikeInvoice(data: Pick<FileData, 'fields'>): boolean {
  return data.fields.some((f) => plays(f, INVOICE_ROLES.number) || plays(f, INVOICE_ROLES.code));
}

/** A code, number or tax id as compared: they hold no spaces or dots, so those in a reading are print spacing or scan specks. */
export function compactCode(text: string | undefined): string {
  return text?.replace(/[\s.·]+/g, '') ?? '';
}

/** An amount as printed ("¥1,130.00", "1130.00元") in cents; undefined when it holds no number. */
export function centsOf(text: string): number | undefined {
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(fold(text).replace(/\s+/g, ''));
  if (!m) return undefined;
  return Math.round(Number(m[0].replace(/,/g, '')) * 100);
}
