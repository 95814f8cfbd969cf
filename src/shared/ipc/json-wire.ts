// JSON for the web transport: byte arrays (file sources) travel as {"$bytes": base64}, which
// structured clone gives Electron's transport for free. The page asks for answers that hold bytes
// in a binary frame instead (binary-wire.ts); this form stays for events and other clients.

const BYTES_KEY = '$bytes';
const ALPHABET = new TextEncoder().encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const PAD = 61; // '='

/** Written as ASCII codes into one array, then decoded at once: documents of tens of megabytes take well under a second. */
function toBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const rest = bytes.length - i;
    const n = (bytes[i]! << 16) | ((rest > 1 ? bytes[i + 1]! : 0) << 8) | (rest > 2 ? bytes[i + 2]! : 0);
    out[o++] = ALPHABET[n >> 18]!;
    out[o++] = ALPHABET[(n >> 12) & 63]!;
    out[o++] = rest > 1 ? ALPHABET[(n >> 6) & 63]! : PAD;
    out[o++] = rest > 2 ? ALPHABET[n & 63]! : PAD;
  }
  return new TextDecoder().decode(out);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether any member is a byte array: most answers hold none, and JSON without a replacer or reviver is several times faster. */
export function holdsBytes(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsBytes);
  for (const key in value) if (holdsBytes((value as Record<string, unknown>)[key])) return true;
  return false;
}

export function encodeWireJson(value: unknown): string {
  if (!holdsBytes(value)) return JSON.stringify(value);
  return JSON.stringify(value, (_key, member: unknown) => (member instanceof Uint8Array ? { [BYTES_KEY]: toBase64(member) } : member));
}

export function decodeWireJson(text: string): unknown {
  if (!text.includes(`"${BYTES_KEY}"`)) return JSON.parse(text);
  return JSON.parse(text, (_key, member: unknown) => {
    if (typeof member !== 'object' || member === null) return member;
    const keys = Object.keys(member);
    const encoded = (member as Record<string, unknown>)[BYTES_KEY];
    return keys.length === 1 && typeof encoded === 'string' ? fromBase64(encoded) : member;
  });
}
