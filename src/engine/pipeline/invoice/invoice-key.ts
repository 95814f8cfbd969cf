import { isDigitalNumber } from './digital-number.js';

/** An invoice's identity as the duplicate check compares it: its code and number, compacted. */
export type InvoiceKey = { code: string; number: string };

/**
 * A fully digital invoice (数电票) is its 20-digit number alone: it has no 发票代码, so whatever a
 * page reading took for a code beside it is no part of it, and its XML, PDF and OFD meet as one invoice.
 */
export function invoiceKey(code: string, number: string): InvoiceKey {
  return { code: isDigitalNumber(number) ? '' : code, number };
}
