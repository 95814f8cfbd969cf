import { describe, expect, it } from 'vitest';
import { invoiceVerdict } from '../../../../src/renderer/features/invoices/invoice-verdict';

describe('invoice verdict', () => {
  it('reads invoiceVerifyResult: verified, failed, failed but retryable, not verified', () => {
    expect(invoiceVerdict({ invoiceVerifyStatus: 1 })).toEqual({ key: 'invoice.verified', tone: 'good' });
    expect(invoiceVerdict({ invoiceVerifyStatus: 0, invoiceVerifyCanRetry: 0 }).key).toBe('invoice.failed');
    expect(invoiceVerdict({ invoiceVerifyStatus: 0, invoiceVerifyCanRetry: 1 }).key).toBe('invoice.failedCanRetry');
    expect(invoiceVerdict({ invoiceVerifyStatus: null }).key).toBe('invoice.not_verified');
    expect(invoiceVerdict(undefined).key).toBe('invoice.not_verified');
  });
});
