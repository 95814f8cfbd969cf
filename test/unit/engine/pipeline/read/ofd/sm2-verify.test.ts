import { describe, expect, it } from 'vitest';
import { SM2_ORDER, sm2Verify } from '../../../../../../src/engine/pipeline/read/ofd/sm2-verify.js';
import { FIXTURE_PUBLIC_KEY, sm2Sign } from '../../../../../fixtures/sm2-sign.js';

const message = new TextEncoder().encode('toSign of a seal');

describe('sm2Verify', () => {
  it('accepts the signature of the message by the key, with the default signer id', () => {
    expect(sm2Verify(FIXTURE_PUBLIC_KEY, message, sm2Sign(message))).toBe(true);
  });

  it('rejects it for another message, another signer id, or r and s changed', () => {
    const signature = sm2Sign(message);
    expect(sm2Verify(FIXTURE_PUBLIC_KEY, new TextEncoder().encode('toSign of a seaL'), signature)).toBe(false);
    expect(sm2Verify(FIXTURE_PUBLIC_KEY, message, signature, 'ALICE123@YAHOO.COM')).toBe(false);
    expect(sm2Verify(FIXTURE_PUBLIC_KEY, message, { ...signature, r: signature.r ^ 1n })).toBe(false);
    expect(sm2Verify(FIXTURE_PUBLIC_KEY, message, { ...signature, s: signature.s ^ 1n })).toBe(false);
  });

  it('rejects r or s outside 1..n-1 and a key that is not a point of the curve, without throwing', () => {
    const { r, s } = sm2Sign(message);
    expect(sm2Verify(FIXTURE_PUBLIC_KEY, message, { r: r + SM2_ORDER, s })).toBe(false);
    expect(sm2Verify(FIXTURE_PUBLIC_KEY, message, { r, s: 0n })).toBe(false);
    const offCurve = Uint8Array.from(FIXTURE_PUBLIC_KEY, (v, i) => (i === 64 ? v ^ 1 : v));
    expect(sm2Verify(offCurve, message, { r, s })).toBe(false);
  });
});
