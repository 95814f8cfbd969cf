import { describe, expect, it } from 'vitest';
import { boundariesByPage, isDoubtful, percent } from '../../../../src/renderer/features/viewer/split-marks';

describe('split marks', () => {
  it('marks a boundary doubtful when the signs were weak, whichever way it went', () => {
    const boundaries = [
      { page: 1, starts: true, confidence: 0.99, reasons: ['page 1'] },
      { page: 3, starts: true, confidence: 0.66, reasons: ['header (INVOICE)'] },
      { page: 4, starts: false, confidence: 0.79, reasons: ['no header'] },
    ];
    expect(boundaries.map(isDoubtful)).toEqual([false, true, true]);
    expect(boundariesByPage(boundaries).get(4)?.starts).toBe(false);
    expect(boundariesByPage(boundaries).get(2)).toBeUndefined();
    expect(percent(0.666)).toBe(67);
  });
});
