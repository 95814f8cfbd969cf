import { describe, expect, it } from 'vitest';
import { confidenceTone, needsCheck } from '../../../../src/renderer/features/viewer/confidence';

describe('confidence', () => {
  it('colours values and asks for a look at low or empty ones', () => {
    expect(confidenceTone(0.99, 'x')).toBe('high');
    expect(confidenceTone(0.85, 'x')).toBe('medium');
    expect(confidenceTone(0.3, 'x')).toBe('low');
    expect(confidenceTone(undefined, 'x')).toBe('unknown');
    expect(confidenceTone(0.99, '  ')).toBe('low');
    expect(needsCheck(0.5, 'x')).toBe(true);
    expect(needsCheck(undefined, 'x')).toBe(false);
  });
});
