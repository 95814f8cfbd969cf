import { describe, expect, it } from 'vitest';
import { encodeQuery, formatScalar, queryPairs } from '../../../../../src/main/core/api/query-string.js';

describe('queryPairs', () => {
  it('keeps the object order, writes booleans as true/false and numbers in decimal, and skips undefined', () => {
    expect(queryPairs({ workspace_id: '1', page: 2, with_document: true, split_flag: false, category: undefined, dpi: 216 })).toEqual([
      ['workspace_id', '1'],
      ['page', '2'],
      ['with_document', 'true'],
      ['split_flag', 'false'],
      ['dpi', '216'],
    ]);
  });

  it('refuses members that are not scalars rather than send "[object Object]"', () => {
    expect(() => queryPairs({ ids: ['1', '2'] })).toThrow(/ids/);
  });

  it('refuses numbers that have no decimal form', () => {
    expect(() => formatScalar(Number.NaN)).toThrow();
    expect(() => formatScalar(Infinity)).toThrow();
  });
});

describe('encodeQuery', () => {
  it('percent-encodes names and values for the URL', () => {
    expect(encodeQuery([['category', '发票 a&b+c'], ['k', '=']])).toBe('category=%E5%8F%91%E7%A5%A8%20a%26b%2Bc&k=%3D');
  });
});
