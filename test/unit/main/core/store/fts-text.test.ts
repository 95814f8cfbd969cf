import { describe, expect, it } from 'vitest';
import { ftsQueryOf, ftsTextOf } from '../../../../../src/main/core/store/fts-text.js';

describe('full-text terms', () => {
  it('indexes a CJK run as its pairs of characters and its last character, Latin text as it is', () => {
    expect(ftsTextOf('发票号码 INV-42')).toBe(' 发票 票号 号码 码  INV-42');
    expect(ftsTextOf('A科B')).toBe('A 科 B');
  });

  it('joins CJK characters that OCR spaced apart into one run, but not across lines', () => {
    expect(ftsTextOf('科 技')).toBe(' 科技 技 ');
    expect(ftsTextOf('科\n技')).toBe(' 科 \n 技 ');
  });

  it('turns what a clerk typed into phrases, the last one a prefix, whatever characters it holds', () => {
    expect(ftsQueryOf('INV-2026 acme')).toBe('"INV 2026" "acme" *');
    expect(ftsQueryOf('"quoted" OR NEAR(x) *')).toBe('"quoted" "OR" "NEAR x" *');
    expect(ftsQueryOf('  ')).toBeUndefined();
    expect(ftsQueryOf('-- ()')).toBeUndefined();
  });

  it('asks for a CJK word as the phrase of its pairs, leaving out the last character unless the term goes on', () => {
    expect(ftsQueryOf('科技')).toBe('"科技" *');
    expect(ftsQueryOf('有限公司')).toBe('"有限 限公 公司" *');
    expect(ftsQueryOf('科技A')).toBe('"科技 技 A" *');
  });

  it('makes a term that ends in a single CJK character a prefix, wherever the term stands', () => {
    expect(ftsQueryOf('科 acme')).toBe('"科" * "acme" *');
    expect(ftsQueryOf('A科 acme')).toBe('"A 科" * "acme" *');
  });
});
