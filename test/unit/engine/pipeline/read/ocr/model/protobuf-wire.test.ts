import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, encodeVarint, readVarint, textField, textOf } from '../../../../../../../src/engine/pipeline/read/ocr/model/protobuf-wire.js';

describe('protobuf wire', () => {
  it('writes varints in 7-bit groups, a negative int64 as ten bytes of two’s complement', () => {
    expect(Array.from(encodeVarint(300n))).toEqual([0xac, 0x02]);
    expect(encodeVarint(-1n).length).toBe(10);
    for (const value of [0n, 1n, 127n, 128n, 2n ** 63n, 2n ** 64n - 1n]) expect(readVarint(encodeVarint(value), 0).value).toBe(value);
    expect(BigInt.asIntN(64, readVarint(encodeVarint(-2n), 0).value)).toBe(-2n);
  });

  it('reads every wire type and writes the message back byte for byte', () => {
    const fields = [
      { no: 1, wire: 0 as const, data: encodeVarint(150n) },
      textField(2, 'Conv'),
      { no: 3, wire: 5 as const, data: Uint8Array.of(0, 0, 0x80, 0x3f) },
      { no: 4, wire: 1 as const, data: new Uint8Array(8) },
      { no: 1000, wire: 2 as const, data: encodeMessage([textField(1, 'nested')]) },
    ];
    const bytes = encodeMessage(fields);
    const read = decodeMessage(bytes);
    expect(read.map((f) => [f.no, f.wire])).toEqual(fields.map((f) => [f.no, f.wire]));
    expect(textOf(read[1]!)).toBe('Conv');
    expect(textOf(decodeMessage(read[4]!.data)[0]!)).toBe('nested');
    expect(encodeMessage(read)).toEqual(bytes);
  });

  it('says what is wrong with a message cut short or using groups', () => {
    const bytes = encodeMessage([textField(2, 'truncated')]);
    expect(() => decodeMessage(bytes.subarray(0, 5))).toThrow('field 2 runs past the end of the message');
    expect(() => decodeMessage(Uint8Array.of(0x0b))).toThrow('groups');
    expect(() => decodeMessage(Uint8Array.of(0x08, 0x80))).toThrow('truncated or overlong varint');
  });
});
