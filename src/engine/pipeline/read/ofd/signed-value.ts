import { createHash } from 'node:crypto';
import { DER, derAt, derBits, type DerNode, readDer } from './der.js';
import { sm2Verify } from './sm2-verify.js';

/**
 * What the SM2 check of a signed value found: `valid` (the value is the signature of what it signs
 * by the key of the certificate it carries), `invalid` (it is not, or what it signs is not the file),
 * `unread` (a form the engine does not know, so nothing was established).
 */
export type SignedValueCheck = { verdict: 'valid' | 'invalid' | 'unread'; detail: string };

// Content types of a GB/T 35275 (or PKCS #7) SignedData and of its data.
const SIGNED_DATA_OIDS = ['1.2.156.10197.6.1.4.2.2', '1.2.840.113549.1.7.2'];
const MESSAGE_DIGEST_OID = '1.2.840.113549.1.9.4';

const sm3 = (data: Uint8Array) => new Uint8Array(createHash('sm3').update(data).digest());
const same = (a: Uint8Array | undefined, b: Uint8Array | undefined) => !!a && !!b && a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Checks the SM2 signature of a signed value over `signedFile` (the bytes the signature covers: the
 * Signature.xml of a seal or signature, OFDEntries.xml of an integrity protection). Reads a seal's
 * SES_Signature (GB/T 38540 version 4, GM/T 0031 version 1), whose signature covers its toSign part
 * (which holds the file's SM3 hash), and a GB/T 35275 SignedData.
 * The certificate is the one the value carries: whether it is trusted (issuer chain, validity,
 * revocation) is not checked here.
 */
export function checkSignedValue(value: DerNode | undefined, signedFile: Uint8Array): SignedValueCheck {
  if (!value || value.tag !== DER.sequence) return { verdict: 'unread', detail: 'the signed value is not DER' };
  const first = value.children[0];
  if (first?.tag === DER.oid && SIGNED_DATA_OIDS.includes(oidText(first))) return checkSignedData(derAt(value, 1, 0), signedFile);
  if (first?.tag === DER.sequence && derAt(first, 0)?.tag === DER.integer) return checkSesSignature(value, signedFile);
  return { verdict: 'unread', detail: 'the signed value is neither an SES_Signature nor a SignedData' };
}

/**
 * SES_Signature: v4 { toSign, cert, signatureAlgorithm, signature }, v1 { toSign { ..., cert,
 * signatureAlgorithm }, signature }; toSign holds the SM3 hash of the signed file (dataHash).
 */
function checkSesSignature(value: DerNode, signedFile: Uint8Array): SignedValueCheck {
  const toSign = value.children[0]!;
  if (!same(derBits(toSign.children[3]), sm3(signedFile))) return { verdict: 'invalid', detail: 'the signature file no longer matches the hash inside the signed value' };
  const v4 = value.children[1]?.tag === DER.octetString;
  const cert = v4 ? value.children[1] : toSign.children[5];
  const signature = v4 ? value.children[3] : value.children[1];
  return verdictOf(cert?.content, toSign.whole, signatureOf(derBits(signature)), "the seal's signature");
}

/** SignedData { version, digestAlgorithms, contentInfo, [0] certificates, [1] crls?, signerInfos }. */
function checkSignedData(signedData: DerNode | undefined, signedFile: Uint8Array): SignedValueCheck {
  const parts = signedData?.children ?? [];
  const content = derAt(parts[2], 1, 0);
  const certificates = parts.find((p) => p.tag === 0xa0)?.children ?? [];
  const signer = parts.findLast((p) => p.tag === 0x31)?.children[0];
  if (!signer) return { verdict: 'unread', detail: 'the SignedData names no signer' };
  // An embedded content is the SM3 hash of the signed file (GM/T 0099, OFD signatures) or the file
  // itself; none (detached): the signature covers the file.
  if (content && content.tag === DER.octetString && !same(content.content, sm3(signedFile)) && !same(content.content, signedFile)) {
    return { verdict: 'invalid', detail: 'the hash inside the signed value is not that of the signed file' };
  }
  const data = content?.tag === DER.octetString ? content.content : signedFile;
  const attributes = signer.children.find((c) => c.tag === 0xa0);
  let message = data;
  if (attributes) {
    const digest = attributes.children.find((a) => oidText(derAt(a, 0)) === MESSAGE_DIGEST_OID);
    if (!same(derAt(digest, 1, 0)?.content, sm3(data))) return { verdict: 'invalid', detail: "the signer's message digest is not that of the signed data" };
    // Signed attributes are signed as a SET, not under their [0] tag (RFC 5652, 5.4).
    message = new Uint8Array([0x31, ...attributes.whole.subarray(1)]);
  }
  const serial = derAt(signer, 1, 1)?.content;
  const cert = certificates.find((c) => same(derAt(c, 0, derAt(c, 0, 0)?.tag === 0xa0 ? 1 : 0)?.content, serial)) ?? certificates[0];
  const encrypted = signer.children.findLast((c) => c.tag === DER.octetString);
  return verdictOf(cert?.whole, message, signatureOf(encrypted?.content), "the signer's signature");
}

function verdictOf(certificate: Uint8Array | undefined, message: Uint8Array, signature: { r: bigint; s: bigint } | undefined, what: string): SignedValueCheck {
  const key = certificate && publicKeyOf(readDer(certificate));
  if (!key) return { verdict: 'unread', detail: `${what} carries no SM2 certificate the engine can read` };
  if (!signature) return { verdict: 'unread', detail: `${what} value is in a form the engine does not read` };
  return sm2Verify(key, message, signature) ? { verdict: 'valid', detail: `${what} (SM2) verified with the certificate it carries` } : { verdict: 'invalid', detail: `${what} (SM2) does not match what it signs` };
}

/** The 65-byte uncompressed key of an X.509 certificate's subjectPublicKeyInfo. */
function publicKeyOf(cert: DerNode | undefined): Uint8Array | undefined {
  const tbs = derAt(cert, 0);
  for (const part of tbs?.children ?? []) {
    const key = derBits(derAt(part, 1));
    if (part.tag === DER.sequence && derAt(part, 0)?.tag === DER.sequence && key?.length === 65 && key[0] === 4) return key;
  }
  return undefined;
}

/** An SM2 signature as DER SEQUENCE { r, s } or as the 64 bytes r || s. */
function signatureOf(bytes: Uint8Array | undefined): { r: bigint; s: bigint } | undefined {
  if (!bytes) return undefined;
  if (bytes.length === 64) return { r: bigintOf(bytes.subarray(0, 32)), s: bigintOf(bytes.subarray(32)) };
  const seq = readDer(bytes);
  const [r, s] = [derAt(seq, 0), derAt(seq, 1)];
  if (seq?.tag !== DER.sequence || seq.whole.length !== bytes.length || r?.tag !== DER.integer || s?.tag !== DER.integer) return undefined;
  return { r: bigintOf(r.content), s: bigintOf(s.content) };
}

const bigintOf = (b: Uint8Array) => BigInt(`0x${Buffer.from(b).toString('hex') || '0'}`);

function oidText(node: DerNode | undefined): string {
  if (!node || node.tag !== DER.oid || node.content.length === 0) return '';
  const bytes = node.content;
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const b of bytes.subarray(1)) {
    value = value * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) [parts[parts.length], value] = [value, 0];
  }
  return parts.join('.');
}
