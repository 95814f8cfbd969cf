import { createHash, getHashes } from 'node:crypto';
import { folderOf } from './ofd-container.js';
import type { OfdDocument } from './ofd-document.js';
import type { DerNode } from './der.js';
import { checkSignedValue } from './signed-value.js';
import { childOf, childrenOf, textAt, type XmlElement } from '../../../../shared-node/xml/xml-element.js';

/**
 * What the engine could establish about a signature. `intact`: every signed part hashes to the value
 * the signature lists, and the signature file's own hash is what the SM2 signature signs, verified
 * with the certificate the signed value carries; `altered`: a part, the signature file or the signed
 * value does not match; `not checked`: the digest is one this platform cannot compute, nothing was
 * listed, or the signed value is in a form the engine does not read. Whether the certificate is
 * trusted (its issuer chain, validity, revocation) is never checked: that needs the issuers' roots.
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
  const parts = `all ${refs.length} signed parts unchanged (${digest.toUpperCase()} digests match)`;
  const value = checkSignedValue(signedValue, doc.container.part(path) ?? new Uint8Array());
  if (value.verdict === 'invalid') return { status: 'altered', reason: value.detail };
  if (value.verdict === 'unread') return { status: 'not checked', reason: `${parts}, but ${value.detail}, so who signed them is not established` };
  return { status: 'intact', reason: `${parts}; ${value.detail} (whether that certificate is trusted is not checked)` };
}

function digestMatches(doc: OfdDocument, ref: XmlElement, digest: string): boolean {
  const part = doc.container.part(ref.attrs.FileRef ?? '', folderOf(doc.root));
  if (!part) return false;
  return createHash(digest).update(part).digest('base64') === (textAt(ref, 'CheckValue') ?? '').replace(/\s+/g, '');
}
