import { describe, expect, it } from 'vitest';
import { decodeWireJson, encodeWireJson } from '../../../../src/shared/ipc/json-wire.js';

describe('JSON on the web transport', () => {
  it('carries byte arrays of any size and value as base64, and everything else as JSON', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    const value = { ok: true, value: { name: 'scan.pdf', bytes, nested: [{ $bytes: 1 }, null, 'text'] } };
    const decoded = decodeWireJson(encodeWireJson(value)) as typeof value;
    expect(decoded.value.bytes).toBeInstanceOf(Uint8Array);
    expect(decoded.value.bytes).toEqual(bytes);
    expect(decoded.value.nested).toEqual([{ $bytes: 1 }, null, 'text']);
  });

  it('leaves answers without byte arrays as plain JSON, text that names the byte marker included', () => {
    const value = { ok: true, value: { lines: [{ text: '{"$bytes":"AAAA"}', position: [1, 2] }], empty: new Uint8Array(0).length } };
    const text = encodeWireJson(value);
    expect(text).toBe(JSON.stringify(value));
    expect(decodeWireJson(text)).toEqual(value);
  });
});
