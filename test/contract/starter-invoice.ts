import { isoDay } from '../support/iso-day.js';

/** What varies between the VAT invoices the starter repository is tried on. */
export interface InvoiceSpec {
  number: string;
  date: string;
  sellerTaxId: string;
  amount: string;
  total: string;
}

export const SOUND_INVOICE: InvoiceSpec = { number: '04412345', date: isoDay(-30), sellerTaxId: '91350100M000100Y43', amount: '1,100.00', total: '1,243.00' };

/** The lines of a VAT invoice labelled with the English field names of the starter "VAT invoice" category. */
export function invoiceLines(spec: InvoiceSpec): string[] {
  return [
    'VAT Invoice',
    'Invoice code: 3500231130',
    `Invoice number: ${spec.number}`,
    `Invoice date: ${spec.date}`,
    'Check code: 12345 67890 12345 67890',
    'Buyer name: Acme Supplies Ltd.',
    'Buyer tax ID: 9144030071526726XG',
    'Seller name: Fujian Example Trading Co., Ltd.',
    `Seller tax ID: ${spec.sellerTaxId}`,
    `Amount: ¥${spec.amount}`,
    'Tax: ¥143.00',
    `Total: ¥${spec.total}`,
    'Item              Quantity      Unit price      Amount        Tax rate      Tax',
    'Paper             10            50.00           500.00        13%           65.00',
    'Toner             2             300.00          600.00        13%           78.00',
  ];
}
