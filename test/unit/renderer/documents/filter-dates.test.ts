import { describe, expect, it } from 'vitest';
import { dayEnd, dayOf, dayStart } from '../../../../src/renderer/features/documents/filter-dates';

describe('date filters', () => {
  it('turns a local day into inclusive RFC 3339 bounds and back', () => {
    const start = dayStart('2026-03-14')!;
    const end = dayEnd('2026-03-14')!;
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(end) - Date.parse(start)).toBe((24 * 3600 - 1) * 1000);
    expect(dayOf(start)).toBe('2026-03-14');
    expect(dayOf(end)).toBe('2026-03-14');
    expect(dayStart('')).toBeUndefined();
    expect(dayOf(undefined)).toBe('');
  });
});
