/** One DER element: its tag, its whole encoding and its content; constructed ones list their children. */
export type DerNode = { tag: number; whole: Uint8Array; content: Uint8Array; children: DerNode[] };

// Seal structures nest a handful of levels; deeper input is not a seal.
const MAX_DEPTH = 24;

/** A DER element from its first byte; damaged or truncated input answers undefined (the caller says why). */
export function readDer(bytes: Uint8Array, depth = 0): DerNode | undefined {
  const header = headerOf(bytes);
  if (!header || depth > MAX_DEPTH) return undefined;
  const content = bytes.subarray(header.length, header.length + header.size);
  const node: DerNode = { tag: bytes[0]!, whole: bytes.subarray(0, header.length + header.size), content, children: [] };
  if ((bytes[0]! & 0x20) === 0) return node;
  for (let at = 0; at < content.length; ) {
    const inner = readDer(content.subarray(at), depth + 1);
    if (!inner) return undefined;
    node.children.push(inner);
    at += inner.whole.length;
  }
  return node;
}

function headerOf(bytes: Uint8Array): { length: number; size: number } | undefined {
  if (bytes.length < 2 || (bytes[0]! & 0x1f) === 0x1f) return undefined;
  const first = bytes[1]!;
  if (first < 0x80) return first <= bytes.length - 2 ? { length: 2, size: first } : undefined;
  const count = first & 0x7f;
  if (count === 0 || count > 4 || bytes.length < 2 + count) return undefined;
  let size = 0;
  for (let i = 0; i < count; i++) size = size * 256 + bytes[2 + i]!;
  return size <= bytes.length - 2 - count ? { length: 2 + count, size } : undefined;
}

/** The path of child indexes from a node, undefined where it does not exist. */
export function derAt(node: DerNode | undefined, ...path: number[]): DerNode | undefined {
  return path.reduce<DerNode | undefined>((n, i) => n?.children[i], node);
}

export function derText(node: DerNode | undefined): string {
  return node ? new TextDecoder().decode(node.content) : '';
}

/** A BIT STRING's bits (the unused-bits byte dropped). */
export function derBits(node: DerNode | undefined): Uint8Array | undefined {
  return node?.tag === 0x03 ? node.content.subarray(1) : undefined;
}

export const DER = { integer: 0x02, bitString: 0x03, octetString: 0x04, oid: 0x06, utf8: 0x0c, ia5: 0x16, utcTime: 0x17, generalizedTime: 0x18, sequence: 0x30 } as const;
