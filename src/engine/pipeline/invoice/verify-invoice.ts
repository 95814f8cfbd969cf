import type { z } from 'zod';
import type { FileData, InvoiceVerifyResult } from '../../../shared/api/index.js';
import { parseDate } from '../../../shared/text/datetime.js';
import { centsOf, compactCode, invoiceValuesOf, looksLikeInvoice, type InvoiceValues, type ReadValue } from './invoice-values.js';
import { checkTaxId } from '../../../shared/invoice/tax-id.js';
import { digitalNumberProblems, isDigitalNumber } from './digital-number.js';
import { invoiceKey } from './invoice-key.js';
import { sealSentence, sealSignaturesOf } from './seal-signatures.js';

export type VerifyResult = z.infer<typeof InvoiceVerifyResult>;

/** invoiceVerifyErrorCode values; docs/engine.md "Invoice verification" explains each. */
export const INVOICE_ERROR = {
  passed: 0,
  notAnInvoice: 1001,
  missingValues: 1002,
  invoiceCode: 2001,
  invoiceNumber: 2002,
  sellerTaxId: 2003,
  buyerTaxId: 2004,
  invalidDate: 2005,
  futureDate: 2006,
  amountsDisagree: 2007,
  linesDisagree: 2008,
  checkCode: 2009,
  duplicate: 2010,
  sealAltered: 2011,
  printDisagrees: 2012,
} as const;

export interface VerifyContext {
  /** Epoch milliseconds. */
  now: number;
  /** The task id of an earlier file in the workspace holding the same invoice, if any. */
  findDuplicate(code: string, number: string): string | undefined;
}

interface Problem {
  code: number;
  message: string;
  /** A retry may clear it: the values were read unsurely, or the workspace may change. */
  retryable: boolean;
}

// A value read below this confidence may be misread: a problem found in it may go away on a retry.
const SURE_READING = 0.8;
// Clocks and time zones differ by up to a day.
const FUTURE_TOLERANCE_MS = 24 * 3600 * 1000;

/**
 * The offline verification of a VAT invoice: what can be checked without the tax authority. Status 1
 * means every check passed, 0 that one failed (the first failing check's code; every failure in the
 * message), null that the file could not be verified (not an invoice, or values missing).
 */
export function verifyInvoice(data: Pick<FileData, 'fields' | 'tables'> & Partial<Pick<FileData, 'stamps'>>, context: VerifyContext): VerifyResult {
  const result = verifyValues(data, context);
  const seals = sealSignaturesOf(data.stamps);
  if (seals.length === 0) return result;
  // A seal's signature is reported beside the value checks: an altered file fails, the rest is said as found.
  const message = [result.invoiceVerifyFailMsg, ...seals.map(sealSentence)].filter(Boolean).join(' ');
  const altered = seals.some((s) => s.signature === 'altered');
  if (!altered) return { ...result, invoiceVerifyFailMsg: message };
  const firstCode = result.invoiceVerifyStatus === 0 ? Math.min(result.invoiceVerifyErrorCode ?? INVOICE_ERROR.sealAltered, INVOICE_ERROR.sealAltered) : INVOICE_ERROR.sealAltered;
  return { invoiceVerifyStatus: 0, invoiceVerifyErrorCode: firstCode, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: message };
}

function verifyValues(data: Pick<FileData, 'fields' | 'tables'>, context: VerifyContext): VerifyResult {
  if (!looksLikeInvoice(data)) {
    return unverified(INVOICE_ERROR.notAnInvoice, 'The file is not in an invoice category (no invoice code or number field): nothing was verified.', false);
  }
  const values = invoiceValuesOf(data);
  const missing = (['number', 'date', 'total'] as const).filter((role) => !values[role]);
  if (missing.length > 0) {
    return unverified(INVOICE_ERROR.missingValues, `The invoice could not be verified: its ${missing.join(', ')} could not be read. Correct the reading and retry.`, true);
  }
  const problems = [...checkFormats(values), ...checkDate(values, context.now), ...checkSums(values), ...checkDuplicate(values, context)].sort((a, b) => a.code - b.code);
  if (problems.length === 0) return { invoiceVerifyStatus: 1, invoiceVerifyErrorCode: INVOICE_ERROR.passed, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: '' };
  return {
    invoiceVerifyStatus: 0,
    invoiceVerifyErrorCode: problems[0]!.code,
    invoiceVerifyCanRetry: problems.every((p) => p.retryable) ? 1 : 0,
    invoiceVerifyFailMsg: problems.map((p) => p.message).join(' '),
  };
}

function unverified(code: number, message: string, retryable: boolean): VerifyResult {
  return { invoiceVerifyStatus: null, invoiceVerifyErrorCode: code, invoiceVerifyCanRetry: retryable ? 1 : 0, invoiceVerifyFailMsg: message };
}

function problem(code: number, message: string, ...readings: (ReadValue | undefined)[]): Problem {
  return { code, message, retryable: readings.some((r) => r !== undefined && r.confidence < SURE_READING) };
}

const compact = (v: ReadValue | undefined) => compactCode(v?.value);

function checkFormats(values: InvoiceValues): Problem[] {
  const problems: Problem[] = [];
  const number = compact(values.number);
  const code = compact(values.code);
  const digital = isDigitalNumber(number);
  if (!digital && !/^\d{8}$/.test(number)) problems.push(problem(INVOICE_ERROR.invoiceNumber, `Invoice number '${number}' is not 8 digits (or 20 for a fully digital invoice).`, values.number));
  if (!digital && !/^(\d{10}|\d{12})$/.test(code)) problems.push(problem(INVOICE_ERROR.invoiceCode, `Invoice code '${code}' is not 10 or 12 digits.`, values.code));
  if (digital) {
    const dated = parseDate(values.date!.value);
    problems.push(...digitalNumberProblems(number, dated?.year).map((message) => problem(INVOICE_ERROR.invoiceNumber, message, values.number, values.date)));
  }
  for (const [role, errorCode, who] of [['sellerTaxId', INVOICE_ERROR.sellerTaxId, 'Seller'], ['buyerTaxId', INVOICE_ERROR.buyerTaxId, 'Buyer']] as const) {
    const reading = values[role];
    const check = reading && checkTaxId(compact(reading));
    if (check && !check.valid) problems.push(problem(errorCode, `${who} tax id '${compact(reading)}' is not valid: ${check.reason}.`, reading));
  }
  const checkCode = compact(values.checkCode);
  if (values.checkCode && !/^\d{20}$/.test(checkCode)) problems.push(problem(INVOICE_ERROR.checkCode, `Check code '${checkCode}' is not 20 digits.`, values.checkCode));
  return problems;
}

function checkDate(values: InvoiceValues, now: number): Problem[] {
  const date = parseDate(values.date!.value);
  if (!date) return [problem(INVOICE_ERROR.invalidDate, `Invoice date '${values.date!.value}' is not a valid date.`, values.date)];
  if (Date.UTC(date.year, date.month - 1, date.day) > now + FUTURE_TOLERANCE_MS) {
    return [problem(INVOICE_ERROR.futureDate, `Invoice date '${values.date!.value}' is in the future.`, values.date)];
  }
  return [];
}

function checkSums(values: InvoiceValues): Problem[] {
  const [amount, tax, total] = [values.amount, values.tax, values.total].map((v) => (v ? centsOf(v.value) : undefined));
  const problems: Problem[] = [];
  if (amount !== undefined && tax !== undefined && total !== undefined && Math.abs(amount + tax - total) > 1) {
    problems.push(problem(INVOICE_ERROR.amountsDisagree, `Amount ${money(amount)} + tax ${money(tax)} = ${money(amount + tax)}, but the total is ${money(total)}.`, values.amount, values.tax, values.total));
  }
  const lines = values.lineAmounts?.map((l) => centsOf(l.value));
  if (amount !== undefined && lines && lines.length > 0 && lines.every((l) => l !== undefined)) {
    const sum = lines.reduce((a, b) => a! + b!, 0)!;
    if (Math.abs(sum - amount) > 1) problems.push(problem(INVOICE_ERROR.linesDisagree, `The line items add up to ${money(sum)}, but the amount is ${money(amount)}.`, values.amount, ...values.lineAmounts!));
  }
  return problems;
}

function checkDuplicate(values: InvoiceValues, context: VerifyContext): Problem[] {
  const key = invoiceKey(compact(values.code), compact(values.number));
  const earlier = context.findDuplicate(key.code, key.number);
  if (earlier === undefined) return [];
  const named = key.code ? `code '${key.code}', number '${key.number}'` : `number '${key.number}'`;
  return [{ code: INVOICE_ERROR.duplicate, message: `The same invoice (${named}) was already uploaded to this workspace as task ${earlier}.`, retryable: true }];
}

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}
