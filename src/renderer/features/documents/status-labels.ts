// Statuses of the interface in words a clerk understands (message keys), with a tone for colour. Pure.
import type { INVOICE_STATUSES } from '../../../shared/ipc/channels/files';
import type { MessageKey } from '../../i18n/messages-en';

type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export type Tone = 'waiting' | 'working' | 'good' | 'bad' | 'neutral';

export interface StatusLabel {
  key: MessageKey;
  tone: Tone;
}

const RECOGNITION: Readonly<Record<number, StatusLabel>> = {
  0: { key: 'recognition.0', tone: 'waiting' },
  1: { key: 'recognition.1', tone: 'good' },
  2: { key: 'recognition.2', tone: 'bad' },
  3: { key: 'recognition.3', tone: 'working' },
  4: { key: 'recognition.4', tone: 'working' },
  5: { key: 'recognition.5', tone: 'working' },
  6: { key: 'recognition.6', tone: 'working' },
  7: { key: 'recognition.7', tone: 'working' },
  10: { key: 'recognition.10', tone: 'good' },
  20: { key: 'recognition.20', tone: 'working' },
};

const VERIFICATION: Readonly<Record<number, StatusLabel>> = {
  0: { key: 'verification.0', tone: 'waiting' },
  2: { key: 'verification.2', tone: 'good' },
  3: { key: 'verification.3', tone: 'bad' },
  4: { key: 'verification.4', tone: 'neutral' },
  5: { key: 'verification.5', tone: 'waiting' },
};

const INVOICE: Readonly<Record<InvoiceStatus, StatusLabel>> = {
  verified: { key: 'invoice.verified', tone: 'good' },
  failed: { key: 'invoice.failed', tone: 'bad' },
  not_verified: { key: 'invoice.not_verified', tone: 'neutral' },
};

/** Review task status and a rule's review_result (notes): 0 pending ... 7 recognition failed. */
const REVIEW: Readonly<Record<number, StatusLabel>> = {
  0: { key: 'reviewStatus.0', tone: 'waiting' },
  1: { key: 'reviewStatus.1', tone: 'good' },
  2: { key: 'reviewStatus.2', tone: 'bad' },
  3: { key: 'reviewStatus.3', tone: 'working' },
  4: { key: 'reviewStatus.4', tone: 'bad' },
  5: { key: 'reviewStatus.5', tone: 'working' },
  6: { key: 'reviewStatus.6', tone: 'waiting' },
  7: { key: 'reviewStatus.7', tone: 'bad' },
};

const UNKNOWN: StatusLabel = { key: 'status.unknownValue', tone: 'neutral' };

export function recognitionLabel(status: number): StatusLabel {
  return RECOGNITION[status] ?? UNKNOWN;
}

export function verificationLabel(status: number): StatusLabel {
  return VERIFICATION[status] ?? UNKNOWN;
}

/** A review task or rule result; none yet while the submission waits in this desk's outbox. */
export function reviewLabel(status: number | null | undefined): StatusLabel {
  if (status === null || status === undefined) return { key: 'reviewStatus.local', tone: 'waiting' };
  return REVIEW[status] ?? UNKNOWN;
}

export function invoiceLabel(status: InvoiceStatus): StatusLabel {
  return INVOICE[status];
}

/** Still being processed: the list keeps refreshing while such rows are shown. */
export function isInProgress(recognitionStatus: number): boolean {
  return recognitionLabel(recognitionStatus).tone === 'working' || recognitionStatus === 0;
}
