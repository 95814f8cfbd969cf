// invoiceVerifyResult in words: verified, failed (with its reason), not verified, can retry. Pure.
import type { FileData } from '../../../shared/api/files';
import type { MessageKey } from '../../i18n/messages-en';
import type { Tone } from '../documents/status-labels';

type VerifyResult = NonNullable<FileData['invoiceVerifyResult']>;

export function invoiceVerdict(result: VerifyResult | null | undefined): { key: MessageKey; tone: Tone } {
  const status = result?.invoiceVerifyStatus;
  if (status === 1) return { key: 'invoice.verified', tone: 'good' };
  if (status === 0) return result?.invoiceVerifyCanRetry === 1 ? { key: 'invoice.failedCanRetry', tone: 'bad' } : { key: 'invoice.failed', tone: 'bad' };
  return { key: 'invoice.not_verified', tone: 'neutral' };
}
