/**
 * CCITT fax decoding for TIFF strips: Group 3 (T.4, one- or two-dimensional, compression 3) and
 * Group 4 (T.6, compression 4). Black runs become 1 bits, as libtiff writes them; the page's
 * photometric interpretation says what a 1 means. utif2's own decoder matches codes as strings bit
 * by bit and rescans the reference line for every bit: 14 s for an A4 page with a dithered photo.
 */
export type FaxCoding = 'g3-1d' | 'g3-2d' | 'g4';

// T.4 code words by run length: terminating codes 0-63, then make-up codes 64, 128 … 1728.
const WHITE_TERMINATING =
  '00110101 000111 0111 1000 1011 1100 1110 1111 10011 10100 00111 01000 001000 000011 110100 110101 101010 101011 0100111 0001100 0001000 0010111 0000011 0000100 0101000 0101011 0010011 0100100 0011000 00000010 00000011 00011010 00011011 00010010 00010011 00010100 00010101 00010110 00010111 00101000 00101001 00101010 00101011 00101100 00101101 00000100 00000101 00001010 00001011 01010010 01010011 01010100 01010101 00100100 00100101 01011000 01011001 01011010 01011011 01001010 01001011 00110010 00110011 00110100';
const WHITE_MAKEUP =
  '11011 10010 010111 0110111 00110110 00110111 01100100 01100101 01101000 01100111 011001100 011001101 011010010 011010011 011010100 011010101 011010110 011010111 011011000 011011001 011011010 011011011 010011000 010011001 010011010 011000 010011011';
const BLACK_TERMINATING =
  '0000110111 010 11 10 011 0011 0010 00011 000101 000100 0000100 0000101 0000111 00000100 00000111 000011000 0000010111 0000011000 0000001000 00001100111 00001101000 00001101100 00000110111 00000101000 00000010111 00000011000 000011001010 000011001011 000011001100 000011001101 000001101000 000001101001 000001101010 000001101011 000011010010 000011010011 000011010100 000011010101 000011010110 000011010111 000001101100 000001101101 000011011010 000011011011 000001010100 000001010101 000001010110 000001010111 000001100100 000001100101 000001010010 000001010011 000000100100 000000110111 000000111000 000000100111 000000101000 000001011000 000001011001 000000101011 000000101100 000001011010 000001100110 000001100111';
const BLACK_MAKEUP =
  '0000001111 000011001000 000011001001 000001011011 000000110011 000000110100 000000110101 0000001101100 0000001101101 0000001001010 0000001001011 0000001001100 0000001001101 0000001110010 0000001110011 0000001110100 0000001110101 0000001110110 0000001110111 0000001010010 0000001010011 0000001010100 0000001010101 0000001011010 0000001011011 0000001100100 0000001100101';
/** Make-up codes 1792 … 2560, the same for both colours. */
const EXTENDED_MAKEUP = '00000001000 00000001100 00000001101 000000010010 000000010011 000000010100 000000010101 000000010110 000000010111 000000011100 000000011101 000000011110 000000011111';

const RUN_BITS = 13;
const MODE_BITS = 7;
const EOL = 0b000000000001;
/** Two-dimensional mode codes: vertical modes carry a1's offset from b1 plus 3 (0 to 6). */
const [PASS, HORIZONTAL, EXTENSION] = [10, 11, 12];
const MODES: [string, number][] = [
  ['0001', PASS],
  ['001', HORIZONTAL],
  ['0000001', EXTENSION],
  ['0000010', 0],
  ['000010', 1],
  ['010', 2],
  ['1', 3],
  ['011', 4],
  ['000011', 5],
  ['0000011', 6],
];

/** Looks up a code word from the next `bits` bits: (value << 4) | code length, or -1 for no code. */
function lookupTable(bits: number, codes: [string, number][]): Int32Array {
  const table = new Int32Array(1 << bits).fill(-1);
  for (const [word, value] of codes) {
    const start = parseInt(word, 2) << (bits - word.length);
    table.fill((value << 4) | word.length, start, start + (1 << (bits - word.length)));
  }
  return table;
}

function runCodes(terminating: string, makeup: string): [string, number][] {
  const words = (list: string) => list.split(' ');
  return [
    ...words(terminating).map((word, run): [string, number] => [word, run]),
    ...words(makeup).map((word, i): [string, number] => [word, (i + 1) * 64]),
    ...words(EXTENDED_MAKEUP).map((word, i): [string, number] => [word, 1792 + i * 64]),
  ];
}

const RUNS = [lookupTable(RUN_BITS, runCodes(WHITE_TERMINATING, WHITE_MAKEUP)), lookupTable(RUN_BITS, runCodes(BLACK_TERMINATING, BLACK_MAKEUP))] as const;
const MODE_TABLE = lookupTable(MODE_BITS, MODES);

function damaged(): Error {
  return new Error('the fax data is damaged');
}

/** Reads a strip most significant bit first (fill order 2 is reversed before decoding). */
class BitReader {
  private position = 0;
  private readonly end: number;

  constructor(private readonly data: Uint8Array) {
    this.end = data.length * 8;
  }

  get left(): number {
    return this.end - this.position;
  }

  /** Nothing left but the zero bits that pad the data to a whole byte. */
  get atEnd(): boolean {
    return this.left < 8 && (this.left <= 0 || this.peek(this.left) === 0);
  }

  peek(bits: number): number {
    const byte = this.position >> 3;
    const window = ((this.data[byte] ?? 0) << 16) | ((this.data[byte + 1] ?? 0) << 8) | (this.data[byte + 2] ?? 0);
    return (window >>> (24 - bits - (this.position & 7))) & ((1 << bits) - 1);
  }

  skip(bits: number): void {
    this.position += bits;
    if (this.position > this.end) throw damaged();
  }

  /** A code word from a lookup table; its value. */
  code(table: Int32Array, bits: number): number {
    const entry = table[this.peek(bits)]!;
    if (entry < 0) throw damaged();
    this.skip(entry & 15);
    return entry >> 4;
  }

  run(colour: number): number {
    let total = 0;
    for (;;) {
      const run = this.code(RUNS[colour as 0 | 1], RUN_BITS);
      total += run;
      if (run < 64) return total;
    }
  }

  /**
   * A Group 3 line starts with an end-of-line code (11 zeros and a one, maybe after fill zeros that
   * align it to a byte). Returns false at the end of the data (several end-of-line codes in a row).
   */
  lineStart(): boolean {
    if (this.atEnd) return false;
    if (this.left < 12 || this.peek(11) !== 0) return true;
    while (this.left > 0 && this.peek(1) === 0) this.skip(1);
    if (this.left === 0) return false;
    this.skip(1);
    return !this.atEnd && (this.left < 12 || this.peek(12) !== EOL);
  }
}

/** One coding line: its changing elements (where the colour changes), closed by end markers at the width. */
class Line {
  readonly changes: Int32Array;
  count = 0;

  constructor(readonly width: number) {
    // At most one change per pixel, and three end markers.
    this.changes = new Int32Array(width + 4);
  }

  reset(): void {
    this.count = 0;
  }

  push(position: number): void {
    // Damaged data may code empty runs over and over: they change nothing.
    if (position < this.width && this.count <= this.width) this.changes[this.count++] = position;
  }

  /** Closes the line with the end markers that the next line's b1 and b2 fall on. */
  close(): void {
    this.changes.fill(this.width, this.count, this.count + 3);
  }
}

/**
 * Decodes one strip or tile into `target`, rows of whole bytes, until the target is full or the data ends (the last strip may hold fewer rows than its room); a code that cannot occur
 * throws: the page fails as damaged, and the decoder never loops.
 */
export function decodeFax(data: Uint8Array, target: Uint8Array, width: number, coding: FaxCoding): void {
  const reader = new BitReader(data);
  const rowBytes = (width + 7) >> 3;
  let reference = new Line(width);
  let current = new Line(width);
  reference.close();
  for (let row = 0; row + rowBytes <= target.length; row += rowBytes) {
    if (coding === 'g4' ? reader.atEnd || (reader.left >= 12 && reader.peek(12) === EOL) : !reader.lineStart()) return;
    const twoDimensional = coding === 'g4' || (coding === 'g3-2d' && reader.code(BIT_TABLE, 1) === 0);
    current.reset();
    if (twoDimensional) decodeTwoDimensional(reader, reference, current, target, row);
    else decodeOneDimensional(reader, current, target, row);
    current.close();
    [reference, current] = [current, reference];
  }
}

/** The tag bit after a Group 3 end-of-line: 1 for a one-dimensional line, 0 for a two-dimensional one. */
const BIT_TABLE = Int32Array.from([(0 << 4) | 1, (1 << 4) | 1]);

function decodeOneDimensional(reader: BitReader, line: Line, target: Uint8Array, row: number): void {
  let [position, colour] = [0, 0];
  while (position < line.width) {
    const end = Math.min(line.width, position + reader.run(colour));
    if (colour === 1) fillBlack(target, row, position, end);
    line.push(end);
    [position, colour] = [end, 1 - colour];
  }
}

function decodeTwoDimensional(reader: BitReader, reference: Line, line: Line, target: Uint8Array, row: number): void {
  const { width } = line;
  const changes = reference.changes;
  // a0 starts on an imaginary white pixel before the line.
  let [a0, colour, index] = [-1, 0, 0];
  while (a0 < width) {
    // b1: the first change on the reference line right of a0 to the opposite colour (changes to black sit at even indexes).
    while (index > 0 && changes[index - 1]! > a0) index--;
    while (changes[index]! <= a0 || (index & 1) !== colour) {
      if (index > reference.count) break;
      index++;
    }
    const b1 = changes[index]!;
    const b2 = changes[index + 1]!;
    const start = Math.max(a0, 0);
    const mode = reader.code(MODE_TABLE, MODE_BITS);
    if (mode === PASS) {
      if (colour === 1) fillBlack(target, row, start, b2);
      a0 = b2;
    } else if (mode === HORIZONTAL) {
      const a1 = Math.min(width, start + reader.run(colour));
      const a2 = Math.min(width, a1 + reader.run(1 - colour));
      fillBlack(target, row, colour === 1 ? start : a1, colour === 1 ? a1 : a2);
      line.push(a1);
      line.push(a2);
      a0 = a2;
    } else if (mode === EXTENSION) {
      throw damaged();
    } else {
      const a1 = Math.min(width, Math.max(start, b1 + mode - 3));
      if (colour === 1) fillBlack(target, row, start, a1);
      line.push(a1);
      [a0, colour] = [a1, 1 - colour];
    }
  }
}

/** Sets the bits of pixels [from, to) of a row, most significant bit first. */
function fillBlack(target: Uint8Array, row: number, from: number, to: number): void {
  for (let x = from; x < to; ) {
    const bit = x & 7;
    if (bit === 0 && to - x >= 8) {
      const bytes = (to - x) >> 3;
      target.fill(0xff, row + (x >> 3), row + (x >> 3) + bytes);
      x += bytes * 8;
      continue;
    }
    const count = Math.min(8 - bit, to - x);
    target[row + (x >> 3)]! |= ((0xff >> bit) & (0xff << (8 - bit - count))) & 0xff;
    x += count;
  }
}
