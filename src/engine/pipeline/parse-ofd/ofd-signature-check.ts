import { createHash, getHashes } from 'node:crypto';
import { folderOf } from './ofd-container.js';
import type { OfdDocument } from './ofd-document.js';
import { derAt, derBits, type DerNode } from './der.js';
import { childOf, childrenOf, textAt, type XmlElement } from '../../../shared-node/xml/xml-element.js';

/**
 * What the engine could establish about a signature. `intact`: every signed part hashes to the value
 * the signature lists, and the signature file to the hash inside the signed value; `altered`: one does
 * not; `not checked`: the digest is one this platform cannot compute, or nothing was listed.
 * The signature value itself (SM2) is never claimed as verified: Node's crypto has no SM2 verification.
 */
export type SignatureCheck = { status: 'intact' | 'altered' | 'not checked'; reason: string };

// CheckMethod as OFD producers write it: an OID or a name.
const DIGESTS: [RegExp, string][] = [
  [/^(sm3|1\.2\.156\.10197\.1\.401)$/i, 'sm3'],
  [/^(sha-?256|2\.16\.840\.1\.101\.3\.4\.2\.1)$/i, 'sha256'],
  [/^(sha-?1|1\.3\.14\.3\.2\.26)$/i, 'sha1'],
  [/^(md5|1\.2\.840\.113549\.2\.5)$/i, 'md5'],
];

/** Checks one signature (its Signature.xml at `path`, its signed value already read as DER, if it is a seal's). */
export function checkSignature(doc: OfdDocument, path: string, signature: XmlElement, signedValue: DerNode | undefined): SignatureCheck {
  const info = childOf(signature, 'SignedInfo');
  const references = childOf(info, 'References');
  // GB/T 33190 makes SM3 the digest when none is named.
  const methodName = references?.attrs.CheckMethod?.trim() || 'sm3';
  const digest = DIGESTS.find(([pattern]) => pattern.test(methodName))?.[1];
  if (!digest || !getHashes().includes(digest)) return { status: 'not checked', reason: `the signature's digest (${methodName}) cannot be computed on this computer` };
  const refs = childrenOf(references, 'Reference');
  if (refs.length === 0) return { status: 'not checked', reason: 'the signature lists no signed parts' };
  const changed = refs.filter((ref) => !digestMatches(doc, ref, digest)).map((ref) => ref.attrs.FileRef ?? '?');
  if (changed.length > 0) return { status: 'altered', reason: `${changed.length} of ${refs.length} signed parts changed since signing (${changed.slice(0, 3).join(', ')})` };
  const signatureFile = doc.container.part(path);
  const dataHash = derBits(derAt(signedValue, 0, 3));
  if (signatureFile && dataHash && dataHash.length === 32 && digest === 'sm3' && !sameBytes(createHash('sm3').update(signatureFile).digest(), dataHash)) {
    return { status: 'altered', reason: 'the signature file no longer matches the hash inside the signed value' };
  }
  return { status: 'intact', reason: `all ${refs.length} signed parts unchanged (${digest.toUpperCase()} digests match); the seal's SM2 signature value itself was not checked` };
}

function digestMatches(doc: OfdDocument, ref: XmlElement, digest: string): boolean {
  const part = doc.container.part(ref.attrs.FileRef ?? '', folderOf(doc.root));
  if (!part) return false;
  return createHash(digest).update(part).digest('base64') === (textAt(ref, 'CheckValue') ?? '').replace(/\s+/g, '');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
