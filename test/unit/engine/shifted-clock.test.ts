import { describe, expect, it } from 'vitest';
import { shiftedClock } from '../../../src/engine/shifted-clock.js';

describe('shiftedClock', () => {
  it('reads the start first and then runs on at the pace of the real clock', () => {
    let real = 5_000;
    const clock = shiftedClock(1_000_000, () => real);
    expect(clock()).toBe(1_000_000);
    real += 250;
    expect(clock()).toBe(1_000_250);
  });
});
