import { describe, expect, it } from 'vitest';
import { nextWatermark } from '../../../../../src/main/core/sync/puller.js';

const OVERLAP = 2_000;

describe('the pull watermark', () => {
  it('moves to the newest update seen, less the overlap', () => {
    expect(nextWatermark([{ maxUpdatedMs: 50_000, undated: false }, { maxUpdatedMs: 40_000, undated: false }], 10_000, 60_000, OVERLAP)).toBe(48_000);
  });

  it('never passes the start of the pull by the local clock, where a concurrent change may have been missed', () => {
    expect(nextWatermark([{ maxUpdatedMs: 90_000, undated: false }], 10_000, 60_000, OVERLAP)).toBe(58_000);
  });

  it('stays when nothing was seen, and never moves back', () => {
    expect(nextWatermark([{ maxUpdatedMs: undefined, undated: false }], 10_000, 60_000, OVERLAP)).toBe(10_000);
    expect(nextWatermark([{ maxUpdatedMs: 11_000, undated: false }], 10_000, 60_000, OVERLAP)).toBe(10_000);
    expect(nextWatermark([{ maxUpdatedMs: undefined, undated: false }], undefined, 60_000, OVERLAP)).toBeUndefined();
  });

  it('uses the start of the pull when the server does not date its records', () => {
    expect(nextWatermark([{ maxUpdatedMs: 50_000, undated: true }], 10_000, 60_000, OVERLAP)).toBe(58_000);
  });
});
