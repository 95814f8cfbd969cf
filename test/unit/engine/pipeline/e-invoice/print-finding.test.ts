import { describe, expect, it } from 'vitest';
import { printSentence, withPrintFinding } from '../../../../../src/engine/pipeline/e-invoice/print-finding.js';
import { INVOICE_ERROR } from '../../../../../src/engine/pipeline/invoice/verify-invoice.js';

const disagreement = { path: 'total', printed: '253,62', given: '235.62', position: { page: 0, vertices: [0, 0, 1, 0, 1, 1, 0, 1] } };

describe('withPrintFinding', () => {
  it('says what the page prints and what the XML says', () => {
    expect(printSentence(disagreement)).toBe("The printed page disagrees with the invoice's XML: it prints 253,62 as the total, the XML says 235.62.");
  });

  it('fails the verification with 2012 when nothing else was checked', () => {
    expect(withPrintFinding(undefined, [disagreement])).toEqual({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: INVOICE_ERROR.printDisagrees, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: printSentence(disagreement) });
  });

  it('adds its reason to other checks, an earlier failing code first', () => {
    const earlier = { invoiceVerifyStatus: 0, invoiceVerifyErrorCode: INVOICE_ERROR.amountsDisagree, invoiceVerifyCanRetry: 1, invoiceVerifyFailMsg: 'Amount 1 + tax 2 = 3, but the total is 4.' };
    expect(withPrintFinding(earlier, [disagreement])).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: INVOICE_ERROR.amountsDisagree, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: `Amount 1 + tax 2 = 3, but the total is 4. ${printSentence(disagreement)}` });
  });

  it('leaves the verification as it was when the print agrees', () => {
    expect(withPrintFinding(undefined, [])).toBeUndefined();
  });
});
