import { describe, expect, it } from 'vitest';
import { INVOICE_ERROR, verifyInvoice, type VerifyContext } from '../../../../../src/engine/pipeline/invoice/verify-invoice.js';
import type { ExtractedField, FileData } from '../../../../../src/shared/api/index.js';

const context: VerifyContext = { now: Date.UTC(2026, 0, 15), findDuplicate: () => undefined };
const VALUES = { 'Invoice code': '011001900111', 'Invoice number': '12345678', 'Invoice date': '2026-01-10', Amount: '100.00', Tax: '13.00', Total: '113.00' };
const fields: ExtractedField[] = Object.entries(VALUES).map(([key, value]) => ({ key, value, position: [], confidence: 1 }));
const seal = (signature: string, signatureReason: string): FileData['stamps'][number] => ({ page: 0, position: [0, 0, 1, 0, 1, 1, 0, 1], type: 'electronic seal', signature, signatureReason });
const verify = (stamps: FileData['stamps'], withFields = fields) => verifyInvoice({ fields: withFields, tables: [], stamps }, context);

describe('verifyInvoice with an electronic seal', () => {
  it('passes an intact file and says why, without calling the signature verified', () => {
    const result = verify([seal('intact', "all 13 signed parts unchanged (SM3 digests match); the seal's SM2 signature value itself was not checked")]);
    expect(result).toMatchObject({ invoiceVerifyStatus: 1, invoiceVerifyErrorCode: 0 });
    expect(result.invoiceVerifyFailMsg).toBe("The electronic seal shows the file intact: all 13 signed parts unchanged (SM3 digests match); the seal's SM2 signature value itself was not checked.");
    expect(result.invoiceVerifyFailMsg).not.toMatch(/verified/);
  });

  it('fails a file changed after signing, whatever its values, and no retry clears it', () => {
    const result = verify([seal('altered', '1 of 13 signed parts changed since signing (/Doc_0/Pages/Page_0/Content.xml)')]);
    expect(result).toEqual({
      invoiceVerifyStatus: 0,
      invoiceVerifyErrorCode: INVOICE_ERROR.sealAltered,
      invoiceVerifyCanRetry: 0,
      invoiceVerifyFailMsg: 'The electronic seal shows the file was changed after it was signed: 1 of 13 signed parts changed since signing (/Doc_0/Pages/Page_0/Content.xml).',
    });
  });

  it('keeps the lowest failing code when the values fail too', () => {
    const wrongTotal = fields.map((f) => (f.key === 'Total' ? { ...f, value: '999.00' } : f));
    const result = verify([seal('altered', '1 of 2 signed parts changed since signing (/OFD.xml)')], wrongTotal);
    expect([result.invoiceVerifyStatus, result.invoiceVerifyErrorCode]).toEqual([0, INVOICE_ERROR.amountsDisagree]);
    expect(result.invoiceVerifyFailMsg).toMatch(/but the total is 999.00\. The electronic seal shows the file was changed/);
  });

  it('says "not checked" where the digest cannot be computed, and leaves the status to the value checks', () => {
    const result = verify([seal('not checked', "the signature's digest (GOST) cannot be computed on this computer")]);
    expect(result.invoiceVerifyStatus).toBe(1);
    expect(result.invoiceVerifyFailMsg).toBe("The electronic seal's signature was not checked: the signature's digest (GOST) cannot be computed on this computer.");
  });

  it('reports the seal on a file that is not an invoice', () => {
    const result = verify([seal('intact', 'all 5 signed parts unchanged (SM3 digests match)')], []);
    expect(result.invoiceVerifyStatus).toBeNull();
    expect(result.invoiceVerifyFailMsg).toMatch(/^The file is not in an invoice category .* The electronic seal shows the file intact: all 5 signed parts unchanged/);
  });

  it('ignores stamps found on pictures, which carry no signature', () => {
    expect(verify([{ page: 0, position: [0, 0, 1, 0, 1, 1, 0, 1], color: 'red', shape: 'circle' }]).invoiceVerifyFailMsg).toBe('');
  });
});
