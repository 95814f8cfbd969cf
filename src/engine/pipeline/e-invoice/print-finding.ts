import { INVOICE_ERROR, type VerifyResult } from '../invoice/verify-invoice.js';
import type { PrintCheck } from './print-check.js';
import type { PrintDisagreement } from '../../../shared-node/e-invoice/invoice-data.js';
import { money } from '../../../shared-node/e-invoice/money.js';

const NAMES: Record<string, string> = { total: 'the total', netTotal: 'the net total', taxTotal: 'the tax total', amountDue: 'the amount due' };

/** One sentence a clerk reads: what the page prints, what the XML says. */
export function printSentence(d: PrintDisagreement): string {
  return `The printed page disagrees with the invoice's XML: it prints ${d.printed} as ${NAMES[d.path] ?? d.path}, the XML says ${money(d.given)}.`;
}

/** One sentence for the values the check could not compare: what it saw, and that it was not sure. */
export function uncomparedSentence(uncompared: readonly PrintDisagreement[]): string {
  const seen = uncompared.map((d) => `${NAMES[d.path] ?? d.path} (it saw ${d.printed} near its label, the XML says ${money(d.given)})`);
  return `The print check could not compare ${seen.join(' and ')} with the invoice's XML: the page was not read surely there, so nothing was failed.`;
}

/**
 * The file's invoice verification with the print check's disagreements: they fail it (2012), beside
 * whatever else was checked; the XML's value is the invoice's, so a retry does not clear it. Values
 * the check could not compare are named beside a verification that was run, and fail nothing.
 */
export function withPrintFinding(result: VerifyResult | undefined, { disagreements, uncompared }: PrintCheck): VerifyResult | undefined {
  if (disagreements.length === 0) {
    if (!result || uncompared.length === 0) return result;
    return { ...result, invoiceVerifyFailMsg: [result.invoiceVerifyFailMsg, uncomparedSentence(uncompared)].filter(Boolean).join(' ') };
  }
  const message = [result?.invoiceVerifyFailMsg, ...disagreements.map(printSentence)].filter(Boolean).join(' ');
  const code = result?.invoiceVerifyStatus === 0 ? Math.min(result.invoiceVerifyErrorCode ?? INVOICE_ERROR.printDisagrees, INVOICE_ERROR.printDisagrees) : INVOICE_ERROR.printDisagrees;
  return { invoiceVerifyStatus: 0, invoiceVerifyErrorCode: code, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: message };
}
