import { describe, expect, it } from 'vitest';
import { pageSlope } from '../../../../../src/engine/pipeline/layout/page-skew.js';
import type { Box } from '../../../../../src/engine/pipeline/layout/box.js';

/** A line of `count` 20 px characters from (left, top), dropping `slope` px per px. */
const line = (left: number, top: number, count: number, slope: number): Box[] => Array.from({ length: count }, (_, i) => [left + i * 20, top + i * 20 * slope, left + i * 20 + 20, top + i * 20 * slope + 30]);

describe('the slope of a scanned page', () => {
  it('is the slope its lines share, the odd crooked line aside', () => {
    const lines = [...Array.from({ length: 9 }, (_, i) => line(100, 100 + i * 40, 12, 0.02)), line(100, 600, 12, -0.3)];
    expect(pageSlope(lines)).toBeCloseTo(0.02, 6);
  });

  it('is 0 for an upright page and for a page of too few lines to tell', () => {
    expect(pageSlope(Array.from({ length: 9 }, (_, i) => line(100, 100 + i * 40, 12, 0.001)))).toBe(0);
    expect(pageSlope(Array.from({ length: 7 }, (_, i) => line(100, 100 + i * 40, 12, 0.02)))).toBe(0);
    expect(pageSlope(Array.from({ length: 9 }, (_, i) => line(100, 100 + i * 40, 5, 0.02)))).toBe(0);
  });
});
