/**
 * Protocol Buffers at the wire level: a message is a list of fields kept as their encoded bytes,
 * so a message edited in a few fields encodes every other field exactly as it was read, including
 * fields of schema versions this code never heard of.
 */

/** Varint, 64-bit, length-delimited (a string, bytes, a nested or packed message), 32-bit. */
export type WireType = 0 | 1 | 2 | 5;

export type WireField = {
  no: number;
  wire: WireType;
  /** The value's bytes: a varint as encoded, 8 or 4 little-endian bytes, or a length-delimited payload. */
  data: Uint8Array;
};

const FIXED_SIZE = { 1: 8, 5: 4 } as const;

export function decodeMessage(bytes: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  let at = 0;
  while (at < bytes.length) {
    const tag = readVarint(bytes, at);
    at = tag.end;
    const no = Number(tag.value >> 3n);
    const wire = Number(tag.value & 7n);
    let end: number;
    if (wire === 0) end = readVarint(bytes, at).end;
    else if (wire === 1 || wire === 5) end = at + FIXED_SIZE[wire];
    else if (wire === 2) {
      const length = readVarint(bytes, at);
      at = length.end;
      end = at + Number(length.value);
    } else throw new Error(`protobuf: wire type ${wire} (groups) is not supported`);
    if (end > bytes.length) throw new Error(`protobuf: field ${no} runs past the end of the message`);
    fields.push({ no, wire: wire as WireType, data: bytes.subarray(at, end) });
    at = end;
  }
  return fields;
}

export function encodeMessage(fields: readonly WireField[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const field of fields) {
    parts.push(encodeVarint(BigInt(field.no) << 3n | BigInt(field.wire)));
    if (field.wire === 2) parts.push(encodeVarint(BigInt(field.data.length)));
    parts.push(field.data);
  }
  return concat(parts);
}

export function readVarint(bytes: Uint8Array, start: number): { value: bigint; end: number } {
  let value = 0n;
  for (let at = start, shift = 0n; at < bytes.length && shift < 70n; at++, shift += 7n) {
    value |= BigInt(bytes[at]! & 0x7f) << shift;
    if ((bytes[at]! & 0x80) === 0) return { value, end: at + 1 };
  }
  throw new Error('protobuf: truncated or overlong varint');
}

/** Unsigned; a negative int64 is passed as its two's complement (`BigInt.asUintN(64, n)`). */
export function encodeVarint(value: bigint): Uint8Array {
  const out: number[] = [];
  let rest = BigInt.asUintN(64, value);
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    out.push(rest === 0n ? low : low | 0x80);
  } while (rest !== 0n);
  return Uint8Array.from(out);
}

export function textField(no: number, text: string): WireField {
  return { no, wire: 2, data: new TextEncoder().encode(text) };
}

export function textOf(field: WireField): string {
  return new TextDecoder().decode(field.data);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
