import { describe, expect, it } from 'vitest';
import { decodeBinaryWire, encodeBinaryWire } from '../../../../src/shared/ipc/binary-wire.js';

const buffer = (frame: Uint8Array) => frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength) as ArrayBuffer;

describe('the binary frame of the web transport', () => {
  it('carries byte arrays raw after the JSON, each where it was, Buffers included', () => {
    const picture = new Uint8Array(300_000).map((_, i) => (i * 13) % 256);
    const value = { ok: true, value: { state: 'ready', mime_type: 'image/png', bytes: picture, more: [Buffer.from('abc'), new Uint8Array(0)], name: 'é.png' } };
    const frame = encodeBinaryWire(value);
    // The bytes are not inflated: 4 bytes of length, a short JSON text, then the arrays as they are.
    expect(frame.length).toBeLessThan(picture.length + 200);
    const decoded = decodeBinaryWire(buffer(frame)) as { value: { bytes: Uint8Array; more: Uint8Array[]; name: string } };
    expect(decoded.value.bytes).toBeInstanceOf(Uint8Array);
    expect(decoded.value.bytes).toEqual(picture);
    expect([...decoded.value.more[0]!]).toEqual([...Buffer.from('abc')]);
    expect(decoded.value.more[1]!.length).toBe(0);
    expect(decoded.value.name).toBe('é.png');
  });

  it('refuses a frame whose JSON names bytes outside it', () => {
    const text = new TextEncoder().encode(JSON.stringify({ bytes: { $bytes: [0, 10] } }));
    const frame = new Uint8Array(4 + text.length + 3);
    new DataView(frame.buffer).setUint32(0, text.length);
    frame.set(text, 4);
    expect(() => decodeBinaryWire(buffer(frame))).toThrow(/outside/);
    expect(() => decodeBinaryWire(buffer(frame.subarray(0, 6)))).toThrow(/truncated/);
  });
});
