import { describe, expect, it } from 'vitest';
import { INVOICE_ERROR, verifyInvoice, type VerifyContext } from '../../../../../src/engine/pipeline/invoice/verify-invoice.js';
import type { ExtractedField, FileData } from '../../../../../src/shared/api/index.js';

const NOW = Date.UTC(2026, 0, 15);
const context: VerifyContext = { now: NOW, findDuplicate: () => undefined };
const VALID = {
  'Invoice code': '011001900111',
  'Invoice number': '12345678',
  'Invoice date': '2026-01-10',
  'Buyer tax ID': '91350100M000100Y43',
  'Seller tax ID': '91350100M000100Y43',
  Amount: '1000.00',
  Tax: '130.00',
  Total: '1130.00',
  'Check code': '12345 67890 12345 67890',
};

function invoice(values: Record<string, string>, confidence = 0.95, lines: string[] = ['600.00', '400.00']): Pick<FileData, 'fields' | 'tables'> {
  const fields: ExtractedField[] = Object.entries(values).map(([key, value]) => ({ key, value, position: [], confidence }));
  const items = lines.map((value) => [{ key: 'Amount', value, position: [], confidence }]);
  return { fields, tables: [{ tableName: 'Line items', items }] };
}

describe('verifyInvoice', () => {
  it('passes an invoice that meets every offline check', () => {
    expect(verifyInvoice(invoice(VALID), context)).toEqual({ invoiceVerifyStatus: 1, invoiceVerifyErrorCode: 0, invoiceVerifyCanRetry: 0, invoiceVerifyFailMsg: '' });
  });

  it.each([
    ['a total that is not amount plus tax', { Total: '1131.00' }, INVOICE_ERROR.amountsDisagree],
    ['line items that do not add up to the amount', { Amount: '1100.00', Total: '1230.00' }, INVOICE_ERROR.linesDisagree],
    ['a date in the future', { 'Invoice date': '2026-02-20' }, INVOICE_ERROR.futureDate],
    ['an impossible date', { 'Invoice date': '2026-02-30' }, INVOICE_ERROR.invalidDate],
    ['a seller tax id with a wrong check character', { 'Seller tax ID': '91350100M000100Y44' }, INVOICE_ERROR.sellerTaxId],
    ['a buyer tax id of the wrong length', { 'Buyer tax ID': '1234' }, INVOICE_ERROR.buyerTaxId],
    ['an invoice code of 11 digits', { 'Invoice code': '01100190011' }, INVOICE_ERROR.invoiceCode],
    ['an invoice number of 9 digits', { 'Invoice number': '123456789' }, INVOICE_ERROR.invoiceNumber],
    ['a check code of 19 digits', { 'Check code': '12345 67890 12345 6789' }, INVOICE_ERROR.checkCode],
  ])('fails %s, with its code and a message', (_, change, code) => {
    const result = verifyInvoice(invoice({ ...VALID, ...change }), context);
    expect(result).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: code, invoiceVerifyCanRetry: 0 });
    expect(result.invoiceVerifyFailMsg).not.toBe('');
  });

  it('accepts a fully digital invoice: a 20-digit number of the invoice year and a province, no code', () => {
    const { 'Invoice code': _code, 'Check code': _check, ...digital } = VALID;
    expect(verifyInvoice(invoice({ ...digital, 'Invoice number': '26312000000012345678' }), context).invoiceVerifyStatus).toBe(1);
    // A code read beside a 20-digit number (a page reading's guess) is not checked: a 数电票 has none.
    expect(verifyInvoice(invoice({ ...digital, 'Invoice code': '12', 'Invoice number': '26312000000012345678' }), context).invoiceVerifyStatus).toBe(1);
  });

  it('checks the structure of a 20-digit number: its year against the invoice date, its region against the provinces', () => {
    const { 'Invoice code': _code, 'Check code': _check, ...digital } = VALID;
    const verify = (number: string, confidence = 0.95) => verifyInvoice(invoice({ ...digital, 'Invoice number': number }, confidence), context);
    expect(verify('25312000000012345678')).toEqual({
      invoiceVerifyStatus: 0,
      invoiceVerifyErrorCode: INVOICE_ERROR.invoiceNumber,
      invoiceVerifyCanRetry: 0,
      invoiceVerifyFailMsg: "Invoice number '25312000000012345678' was issued in 2025 by its first two digits, but the invoice date is in 2026.",
    });
    expect(verify('26992000000012345678').invoiceVerifyFailMsg).toBe("Invoice number '26992000000012345678' cannot be a fully digital invoice's: its 3rd and 4th digits, 99, are no province's region code.");
    // Read unsurely, the digits may be misread: a retry may clear it.
    expect(verify('26992000000012345678', 0.6).invoiceVerifyCanRetry).toBe(1);
  });

  it('names a fully digital duplicate by its number alone, whatever code was read beside it', () => {
    const { 'Check code': _check, ...digital } = VALID;
    const asked: string[][] = [];
    const result = verifyInvoice(invoice({ ...digital, 'Invoice code': '0440', 'Invoice number': '26312000000012345678' }), { now: NOW, findDuplicate: (code, number) => (asked.push([code, number]), '7') });
    expect(asked).toEqual([['', '26312000000012345678']]);
    expect(result.invoiceVerifyFailMsg).toBe("The same invoice (number '26312000000012345678') was already uploaded to this workspace as task 7.");
  });

  it('reports a duplicate with the earlier task, as retryable; and every failure, the first by code', () => {
    const duplicate = verifyInvoice(invoice(VALID), { now: NOW, findDuplicate: (code, number) => (code === '011001900111' && number === '12345678' ? '42' : undefined) });
    expect(duplicate).toMatchObject({ invoiceVerifyStatus: 0, invoiceVerifyErrorCode: INVOICE_ERROR.duplicate, invoiceVerifyCanRetry: 1 });
    expect(duplicate.invoiceVerifyFailMsg).toContain('task 42');
    const two = verifyInvoice(invoice({ ...VALID, Total: '1.00', 'Invoice date': '2027-01-01' }), context);
    expect(two.invoiceVerifyErrorCode).toBe(INVOICE_ERROR.futureDate);
    expect(two.invoiceVerifyFailMsg).toMatch(/future.*total is 1\.00/s);
  });

  it('calls a failure retryable when the values behind it were read unsurely', () => {
    expect(verifyInvoice(invoice({ ...VALID, Total: '1131.00' }, 0.6), context).invoiceVerifyCanRetry).toBe(1);
  });

  it('does not verify a file that is no invoice, or one whose key values could not be read', () => {
    expect(verifyInvoice({ fields: [{ key: 'Merchant', value: 'Shop', position: [] }], tables: [] }, context)).toMatchObject({
      invoiceVerifyStatus: null,
      invoiceVerifyErrorCode: INVOICE_ERROR.notAnInvoice,
      invoiceVerifyCanRetry: 0,
    });
    expect(verifyInvoice(invoice({ ...VALID, Total: '' }), context)).toMatchObject({ invoiceVerifyStatus: null, invoiceVerifyErrorCode: INVOICE_ERROR.missingValues, invoiceVerifyCanRetry: 1 });
  });

  it('finds the roles by identifier before names, so any category can be verified', () => {
    const fields: ExtractedField[] = [
      { key: '号码', identifier: 'invoice_number', value: '12345678', position: [] },
      { key: '代码', identifier: 'invoice_code', value: '0110019001', position: [] },
      { key: '日期', identifier: 'invoice_date', value: '2025年12月01日', position: [] },
      { key: '价税合计', value: '¥113.00', position: [] },
      { key: 'Total', identifier: 'something_else', value: '999', position: [] },
    ];
    expect(verifyInvoice({ fields, tables: [] }, context).invoiceVerifyStatus).toBe(1);
  });
});
