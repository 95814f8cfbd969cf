const [CLEAR, END, FIRST_FREE, MAX_CODES] = [256, 257, 258, 4096];

/**
 * Decodes one LZW-compressed TIFF strip or tile (9 to 12-bit codes, most significant bit first,
 * widened one code early as libtiff writes them) into `target`, never past its end. A code that
 * cannot occur in a valid stream is damage and throws (utif2's decoder loops for ever on some).
 */
export function decodeTiffLzw(data: Uint8Array, target: Uint8Array): void {
  const prefix = new Int32Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const size = new Int32Array(MAX_CODES);
  const head = new Uint8Array(MAX_CODES);
  for (let code = 0; code < 256; code++) [prefix[code], suffix[code], size[code], head[code]] = [-1, code, 1, code];
  const endBit = data.length * 8;
  let bit = 0;
  let width = 9;
  let next = FIRST_FREE;
  let previous = -1;
  let out = 0;

  const add = (base: number, byte: number) => {
    if (next >= MAX_CODES) return;
    [prefix[next], suffix[next], size[next], head[next]] = [base, byte, size[base]! + 1, head[base]!];
    next++;
    if (next >= (1 << width) - 1 && width < 12) width++;
  };
  /** Writes a code's string backwards from its end, along its prefixes (always lower codes, so no loop). */
  const write = (code: number) => {
    for (let at = out + size[code]! - 1, c = code; c >= 0; at--, c = prefix[c]!) if (at < target.length) target[at] = suffix[c]!;
    out += size[code]!;
  };

  while (bit + width <= endBit && out < target.length) {
    const byte = bit >> 3;
    const window = ((data[byte] ?? 0) << 16) | ((data[byte + 1] ?? 0) << 8) | (data[byte + 2] ?? 0);
    const code = (window >>> (24 - width - (bit & 7))) & ((1 << width) - 1);
    bit += width;
    if (code === END) return;
    if (code === CLEAR) {
      [width, next, previous] = [9, FIRST_FREE, -1];
      continue;
    }
    if (code > next || (previous < 0 && code > 255)) throw new Error('the LZW data is damaged');
    if (previous >= 0) add(previous, head[code === next ? previous : code]!);
    write(code);
    previous = code;
  }
}
