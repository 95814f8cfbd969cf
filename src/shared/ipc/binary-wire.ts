// A binary frame for web transport answers that hold byte arrays (page pictures, originals): the
// bytes travel raw after the JSON instead of as base64 inside it, which cost more than the page
// picture itself (encoding, a JSON text four thirds its size, and decoding in the page).
//
// Frame: 4 bytes (big-endian) giving the JSON text's length in bytes, the JSON text (UTF-8), then
// the byte arrays one after the other. In the JSON each array is {"$bytes": [offset, length]},
// counted from the end of the text.

/** The Accept and Content-Type of the frame: the page asks for it, the web host answers it when bytes are held. */
export const BINARY_WIRE_TYPE = 'application/x-docket-wire';

const BYTES_KEY = '$bytes';
const HEAD = 4;

export function encodeBinaryWire(value: unknown): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, member: unknown) {
    // The member as held, before a Buffer's toJSON turned it into a list of numbers.
    const held = this[key];
    if (!(held instanceof Uint8Array)) return member;
    parts.push(held);
    size += held.length;
    return { [BYTES_KEY]: [size - held.length, held.length] };
  });
  const json = new TextEncoder().encode(text);
  const frame = new Uint8Array(HEAD + json.length + size);
  new DataView(frame.buffer).setUint32(0, json.length);
  frame.set(json, HEAD);
  let at = HEAD + json.length;
  for (const part of parts) {
    frame.set(part, at);
    at += part.length;
  }
  return frame;
}

/** The value of a frame; its byte arrays are views of the frame's buffer (no copy). */
export function decodeBinaryWire(frame: ArrayBuffer): unknown {
  const length = new DataView(frame).getUint32(0);
  const base = HEAD + length;
  if (base > frame.byteLength) throw new Error('a truncated binary frame');
  const text = new TextDecoder().decode(new Uint8Array(frame, HEAD, length));
  return JSON.parse(text, (_key, member: unknown) => {
    if (typeof member !== 'object' || member === null || Array.isArray(member)) return member;
    const keys = Object.keys(member);
    const place = (member as Record<string, unknown>)[BYTES_KEY];
    if (keys.length !== 1 || !Array.isArray(place) || place.length !== 2) return member;
    const [offset, size] = place as unknown[];
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(size) || (offset as number) < 0 || (size as number) < 0 || base + (offset as number) + (size as number) > frame.byteLength) {
      throw new Error('a binary frame names bytes outside itself');
    }
    return new Uint8Array(frame, base + (offset as number), size as number);
  });
}
