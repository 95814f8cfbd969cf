import { createHash } from 'node:crypto';
import { weierstrass } from '@noble/curves/abstract/weierstrass.js';

// The SM2 curve (GB/T 32918.5, the recommended 256-bit curve). Node's OpenSSL has SM3 but cannot
// verify SM2, so the point arithmetic is @noble/curves' (audited); the SM2 steps are GB/T 32918.2's.
const CURVE = {
  p: 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn,
  n: 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n,
  h: 1n,
  a: 0xfffffffeffffffffffffffffffffffffffffffff00000000fffffffffffffffcn,
  b: 0x28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93n,
  Gx: 0x32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7n,
  Gy: 0xbc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0n,
};
/** Points of the SM2 curve. */
export const Sm2Point = weierstrass(CURVE);
export type Sm2Point = InstanceType<typeof Sm2Point>;
export const SM2_ORDER = CURVE.n;

/** The signer id every OFD producer uses (GM/T 0009's default), unless a signature names another. */
export const DEFAULT_SM2_ID = '1234567812345678';

const sm3 = (...parts: Uint8Array[]) => parts.reduce((h, part) => h.update(part), createHash('sm3')).digest();
const bytes32 = (v: bigint) => Buffer.from(v.toString(16).padStart(64, '0'), 'hex');
const bigintOf = (b: Uint8Array) => BigInt(`0x${Buffer.from(b).toString('hex') || '0'}`);

/**
 * Whether `signature` (r, s) is the SM2 signature of `message` by the key `publicKey` (the 65-byte
 * uncompressed point of a certificate): e = SM3(Z || message), Z the signer's identity hash.
 * A key that is not a point of the curve fails, as does r or s outside 1..n-1.
 */
export function sm2Verify(publicKey: Uint8Array, message: Uint8Array, signature: { r: bigint; s: bigint }, id = DEFAULT_SM2_ID): boolean {
  const { r, s } = signature;
  const n = CURVE.n;
  if (r < 1n || r >= n || s < 1n || s >= n) return false;
  let key: Sm2Point;
  try {
    key = Sm2Point.fromBytes(publicKey);
    key.assertValidity();
  } catch {
    return false;
  }
  const t = (r + s) % n;
  if (t === 0n) return false;
  const sum = Sm2Point.BASE.multiplyUnsafe(s).add(key.multiplyUnsafe(t));
  if (sum.is0()) return false;
  return (sm2MessageHash(key, message, id) + sum.toAffine().x) % n === r;
}

/** e = SM3(Z || message), Z = SM3(ENTL || id || a || b || Gx || Gy || key x || key y): what SM2 signs. */
export function sm2MessageHash(key: Sm2Point, message: Uint8Array, id = DEFAULT_SM2_ID): bigint {
  const { x, y } = key.toAffine();
  const idBytes = Buffer.from(id, 'utf8');
  const entl = Buffer.from([(idBytes.length * 8) >> 8, (idBytes.length * 8) & 0xff]);
  const z = sm3(entl, idBytes, bytes32(CURVE.a), bytes32(CURVE.b), bytes32(CURVE.Gx), bytes32(CURVE.Gy), bytes32(x), bytes32(y));
  return bigintOf(sm3(z, message));
}
