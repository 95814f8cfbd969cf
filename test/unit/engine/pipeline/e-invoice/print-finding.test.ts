import { describe, expect, it } from 'vitest';
import { printSentence, uncomparedSentence, withPrintFinding } from '../../../../../src/engine/pipeline/e-invoice/print-finding.js';
import { INVOICE_ERROR } from '../../../../../src/engine/pipeline/invoice/verify-invoice.js';

const disagreement = { path: 'total', printed: '253,62', given: '235.62', position: { page: 0, vertices: [0, 0, 1, 0, 1, 1, 0, 1] } };

describe('withPrintFinding', () => {
  it('says what the page prints and what the XML says', () => {
    expect(printSentence(disagreement)).toBe("The printed page disagrees with the invoice's XML: it prints 253,62 as the total, the XML says 235.62.");
  });

  it('fails the verification with 2012 when nothing else was checked', () => {
    expect(withPrintFinding(undefined, { disagreements: [disagreement], uncompared: [] })).toEqual({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: INVOICE_ERROR.printDisagrees, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: printSentence(disagreement) });
  });

  it('adds its reason to other checks, an earlier failing code first', () => {
    const earlier = { invoiceVerifyStatus: 0, invoiceVerifyErrorCode: INVOICE_ERROR.amountsDisagree, invoiceVerifyCanRetry: 1, invoiceVerifyFailMsg: 'Amount 1 + tax 2 = 3, but the total is 4.' };
    expect(withPrintFinding(earlier, { disagreements: [disagreement], uncompared: [] })).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: INVOICE_ERROR.amountsDisagree, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: `Amount 1 + tax 2 = 3, but the total is 4. ${printSentence(disagreement)}` });
  });

  it('leaves the verification as it was when the print agrees', () => {
    expect(withPrintFinding(undefined, { disagreements: [], uncompared: [] })).toBeUndefined();
  });

  it('names the values it could not compare beside a verification that was run, and fails nothing', () => {
    const passed = { invoiceVerifyStatus: 1, invoiceVerifyErrorCode: INVOICE_ERROR.passed, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: '' };
    const unsure = { ...disagreement, path: 'taxTotal', printed: '120 000,00', given: '66.50' };
    expect(uncomparedSentence([unsure])).toBe("The print check could not compare the tax total (it saw 120 000,00 near its label, the XML says 66.50) with the invoice's XML: the page was not read surely there, so nothing was failed.");
    expect(withPrintFinding(passed, { disagreements: [], uncompared: [unsure] })).toEqual({ ...passed, invoiceVerifyFailMsg: uncomparedSentence([unsure]) });
    expect(withPrintFinding(undefined, { disagreements: [], uncompared: [unsure] })).toBeUndefined();
  });
});
