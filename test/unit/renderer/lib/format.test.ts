import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent, formatRelativeTime } from '../../../../src/renderer/lib/format';

describe('formatting', () => {
  it('writes sizes and percentages', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatPercent(0.904)).toBe('90%');
    expect(formatPercent(undefined)).toBe('');
  });

  it('writes how long ago, in the interface language', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(formatRelativeTime(now - 3_000, now, 'en')).toBe('now');
    expect(formatRelativeTime(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 2 * 3600_000, now, 'zh-CN')).toBe('2小时前');
    expect(formatRelativeTime(now - 3 * 86_400_000, now, 'en')).toBe('3 days ago');
  });
});
