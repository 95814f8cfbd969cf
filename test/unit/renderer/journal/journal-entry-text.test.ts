import { describe, expect, it } from 'vitest';
import { describeEntry } from '../../../../src/renderer/features/journal/journal-entry-text';
import { translate } from '../../../../src/renderer/i18n/translate';

const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);
const entry = (kind: string, detail: unknown) => ({ seq: 1, at_ms: 0, kind, subject: 'file:w:1', op_id: 'op', detail, prev_hash: '', hash: '' });

describe('journal entries in words', () => {
  it('says what was corrected, from what to what', () => {
    const text = describeEntry(entry('file.correct', { changes: [{ key: 'Total', before: '10', after: '12' }, { key: 'Date', before: null, after: '2024-01-01' }] }), t);
    expect(text).toBe('Corrected: Total: “10” → “12”; Date: “∅” → “2024-01-01”');
  });

  it('names sync outcomes with their reason, and unknown kinds by name', () => {
    expect(describeEntry(entry('sync.applied', {}), t)).toBe('Reached the server');
    expect(describeEntry(entry('sync.dead-letter', { reason: 'the file was deleted' }), t)).toBe('Could not be sent (the file was deleted)');
    expect(describeEntry(entry('file.amend-category', { before: 'Receipt', category: 'VAT invoice' }), t)).toBe('Category changed from “Receipt” to “VAT invoice”');
    expect(describeEntry(entry('something.new', null), t)).toBe('something.new');
  });
});
