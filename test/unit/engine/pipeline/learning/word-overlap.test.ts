import { describe, expect, it } from 'vitest';
import { misreadAlike, wordOverlap } from '../../../../../src/engine/pipeline/learning/word-overlap.js';

describe('misreadAlike', () => {
  it('takes words of four letters or more one misread letter apart for one word', () => {
    expect(misreadAlike('tolal', 'total')).toBe(true);
    expect(misreadAlike('inchusive', 'inclusive')).toBe(true);
    expect(misreadAlike('totl', 'total')).toBe(true);
  });

  it('keeps shorter words and words two letters apart distinct', () => {
    expect(misreadAlike('tax', 'tab')).toBe(false);
    expect(misreadAlike('cash', 'cost')).toBe(false);
  });

  it('lets a word overlap count misread words as the same', () => {
    expect(wordOverlap(['tolal', 'inclusive', 'gst'], ['tofal', 'inchusive', 'gst'], 0)).toBeCloseTo(1 / 3);
    expect(wordOverlap(['tolal', 'inclusive', 'gst'], ['tofal', 'inchusive', 'gst'], 0, misreadAlike)).toBe(1);
  });
});
