import { describe, expect, it } from 'vitest';
import type { PendingFile } from '../../../../src/renderer/features/intake/pending-file';
import { pendingSummary } from '../../../../src/renderer/features/intake/pending-summary';

function checked(warnings: string[], blocked = false): Pick<PendingFile, 'state' | 'check'> {
  return {
    state: 'checked',
    check: { path: '/p', name: 'n', size: 1, format: 'pdf', pages: 1, sha256: 'x', blocked, warnings: warnings.map((code) => ({ code: code as 'duplicate', message: code })) },
  };
}

describe('pending files summary', () => {
  it('counts ready, blocked, duplicate, checking and failed files', () => {
    const files = [checked([]), checked(['duplicate']), checked(['too_large'], true), { state: 'staging' as const, check: null }, { state: 'failed' as const, check: null }];
    expect(pendingSummary(files, false)).toEqual({ total: 5, ready: 1, blocked: 1, duplicates: 1, checking: 1, failed: 1 });
    expect(pendingSummary(files, true).ready).toBe(2);
  });
});
