import { describe, expect, it } from 'vitest';
import { ftsQueryOf, ftsTextOf } from '../../../../../src/main/core/store/fts-text.js';

describe('full-text terms', () => {
  it('indexes each CJK character as a word, Latin text as it is', () => {
    expect(ftsTextOf('发票号码 INV-42')).toBe(' 发  票  号  码  INV-42');
  });

  it('turns what a clerk typed into phrases, the last one a prefix, whatever characters it holds', () => {
    expect(ftsQueryOf('INV-2026 acme')).toBe('"INV 2026" "acme" *');
    expect(ftsQueryOf('发票')).toBe('"发 票" *');
    expect(ftsQueryOf('"quoted" OR NEAR(x) *')).toBe('"quoted" "OR" "NEAR x" *');
    expect(ftsQueryOf('  ')).toBeUndefined();
    expect(ftsQueryOf('-- ()')).toBeUndefined();
  });
});
