import { folderOf, resolvePartPath } from './ofd-container.js';
import { boxOf, type OfdDocument } from './ofd-document.js';
import { DER, derAt, derText, readDer, type DerNode } from './der.js';
import { integrityCheck } from './ofd-integrity.js';
import { checkSignature, type SignatureCheck } from './ofd-signature-check.js';
import { childOf, childrenOf, textAt } from '../../../../shared-node/xml/xml-element.js';

/** A seal's picture as the signed value carries it: PNG, JPEG, or a small OFD ("ofd"). */
export type SealPicture = { format: string; bytes: Uint8Array };

/** One electronic seal (or signature) placed on a page, with what its signature check found. */
export type OfdSeal = {
  /** 0-based page index. */
  page: number;
  /** The stamp's box on the page in millimetres: x, y, width, height. */
  boxMm: [number, number, number, number];
  /** A seal placed on the page, or a signature without one (Type "Sign"): reported on the first page, with no box. */
  kind: 'seal' | 'signature';
  /** The seal's name from its seal information ('' when the signed value holds none). */
  name: string;
  picture: SealPicture | undefined;
  check: SignatureCheck;
};

const cache = new WeakMap<OfdDocument, OfdSeal[]>();

/** The document's seals: each signature's stamp boxes, read once per opened document. */
export function sealsOf(doc: OfdDocument): OfdSeal[] {
  let seals = cache.get(doc);
  if (!seals) cache.set(doc, (seals = readSeals(doc)));
  return seals;
}

type ReadSignature = { check: SignatureCheck; stamps: { pageId: string; box: [number, number, number, number] }[]; value: DerNode | undefined };

const signatureCache = new WeakMap<OfdDocument, ReadSignature[]>();

function signaturesOf(doc: OfdDocument): ReadSignature[] {
  let read = signatureCache.get(doc);
  if (!read) signatureCache.set(doc, (read = readSignatures(doc)));
  return read;
}

function readSignatures(doc: OfdDocument): ReadSignature[] {
  if (!doc.signatures) return [];
  const listFolder = folderOf(doc.signatures);
  return childrenOf(doc.container.xml(doc.signatures), 'Signature').flatMap((entry) => {
    const path = resolvePartPath(entry.attrs.BaseLoc ?? '', listFolder);
    const signature = doc.container.xml(path);
    if (!signature) return [];
    const valueRef = textAt(signature, 'SignedValue');
    const valueBytes = valueRef ? doc.container.part(valueRef, folderOf(path)) : undefined;
    const value = valueBytes && readDer(valueBytes);
    const stamps = childrenOf(childOf(signature, 'SignedInfo'), 'StampAnnot').flatMap((s) => {
      const box = boxOf(s.attrs.Boundary);
      return box ? [{ pageId: s.attrs.PageRef ?? '', box }] : [];
    });
    return [{ check: checkSignature(doc, path, signature, value), stamps, value }];
  });
}

function readSeals(doc: OfdDocument): OfdSeal[] {
  const pageIndex = new Map(doc.pages.map((p, i) => [p.id, i]));
  const integrity = integrityCheck(doc);
  // The package's integrity protection is reported like a signature shown on no page.
  const protection: OfdSeal[] = integrity ? [{ page: 0, kind: 'signature', boxMm: [0, 0, 0, 0], name: 'OFD integrity protection', picture: undefined, check: integrity }] : [];
  return [...protection, ...signaturesOf(doc).flatMap(({ check, stamps, value }): OfdSeal[] => {
    const info = sealInfoOf(value);
    // A signature shown nowhere still says whether the file is intact.
    if (stamps.length === 0) return [{ page: 0, kind: 'signature', boxMm: [0, 0, 0, 0], name: info.name, picture: undefined, check }];
    return stamps.flatMap(({ pageId, box }) => {
      const page = pageIndex.get(pageId);
      return page === undefined ? [] : [{ page, kind: 'seal', boxMm: box, name: info.name, picture: info.picture, check }];
    });
  })];
}

/**
 * The seal information inside a signed value: SES_Signature (GB/T 38540, version 4, and GM/T 0031
 * version 1 alike) -> toSign -> eseal -> sealInfo, holding the seal's name and its picture.
 */
function sealInfoOf(value: DerNode | undefined): { name: string; picture: SealPicture | undefined } {
  const sealInfo = derAt(value, 0, 1, 0);
  const name = derAt(sealInfo, 2, 1);
  const picture = derAt(sealInfo, 3);
  const [format, data] = [derAt(picture, 0), derAt(picture, 1)];
  return {
    name: name?.tag === DER.utf8 ? derText(name) : '',
    picture: format?.tag === DER.ia5 && data?.tag === DER.octetString ? { format: derText(format).toLowerCase(), bytes: data.content } : undefined,
  };
}
