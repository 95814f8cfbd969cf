import { describe, expect, it } from 'vitest';
import { RECOGNITION_STATUSES, VERIFICATION_STATUSES } from '../../../../src/shared/api/enums';
import { invoiceLabel, isInProgress, recognitionLabel, reviewLabel, verificationLabel } from '../../../../src/renderer/features/documents/status-labels';
import { translate } from '../../../../src/renderer/i18n/translate';

describe('status labels', () => {
  it('names every status of the interface in both languages, never as a number', () => {
    for (const status of RECOGNITION_STATUSES) {
      for (const language of ['en', 'zh-CN'] as const) {
        const text = translate(language, recognitionLabel(status).key);
        expect(text).not.toMatch(/^\d+$/);
        expect(text).not.toBe(translate(language, 'status.unknownValue'));
      }
    }
    for (const status of VERIFICATION_STATUSES) expect(verificationLabel(status).key).toBe(`verification.${status}`);
    expect(translate('zh-CN', recognitionLabel(2).key)).toBe('识别失败');
    expect(translate('en', invoiceLabel('failed').key)).toBe('Invoice verification failed');
  });

  it('colours failures, progress and success apart', () => {
    expect(recognitionLabel(2).tone).toBe('bad');
    expect(recognitionLabel(1).tone).toBe('good');
    expect(recognitionLabel(20).tone).toBe('working');
    expect(recognitionLabel(99).key).toBe('status.unknownValue');
    expect(isInProgress(0)).toBe(true);
    expect(isInProgress(4)).toBe(true);
    expect(isInProgress(1)).toBe(false);
    expect(isInProgress(2)).toBe(false);
  });

  it('names review statuses in words, a submission still on this desk as waiting', () => {
    for (const status of [0, 1, 2, 3, 4, 5, 6, 7]) expect(translate('en', reviewLabel(status).key)).not.toMatch(/^\d+$/);
    expect(reviewLabel(undefined)).toEqual({ key: 'reviewStatus.local', tone: 'waiting' });
    expect(reviewLabel(2).tone).toBe('bad');
    expect(reviewLabel(42).key).toBe('status.unknownValue');
  });
});
