import { LIMITS } from '../../../../shared/api/index.js';
import { ProcessingFailure } from '../../document/parsed-document.js';
import { damagedImage, truncatedImage } from './image-failures.js';

/** A byte range of the file holding one strip or tile of a page's compressed pixels. */
export type TiffChunk = { offset: number; length: number };

/** What the engine needs to know of one TIFF page (image file directory) to decode it, read without decoding. */
export type TiffPage = {
  width: number;
  height: number;
  /** Byte order of the file ('II'); 16-bit samples are stored in it. */
  littleEndian: boolean;
  rowsPerStrip: number;
  /** Tile size when the page is cut into tiles (0 when it is cut into strips). */
  tileWidth: number;
  tileLength: number;
  compression: number;
  photometric: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  /** 1: samples of a pixel together; 2: one plane per sample. */
  planar: number;
  /** 2: the first pixel of each byte is its least significant bit. */
  fillOrder: number;
  predictor: number;
  /** Group 3 fax options: bit 0 set when lines may be coded two-dimensionally. */
  t4Options: number;
  /** What the samples after the colour ones mean: 1 premultiplied alpha, 2 plain alpha, 0 unspecified. */
  extraSamples: number[];
  /** The page's colour map (all reds, greens, then blues, 16 bits each) when its pixels are palette indexes. */
  colorMap: number[];
  chunks: TiffChunk[];
  /** Every integer or byte-valued entry of the directory, by tag: what utif2's JPEG decoder is given. */
  tags: ReadonlyMap<number, readonly number[]>;
};

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  rowsPerStrip: 278,
  tileWidth: 322,
  tileLength: 323,
  fillOrder: 266,
  stripOffsets: 273,
  samplesPerPixel: 277,
  stripByteCounts: 279,
  planar: 284,
  predictor: 317,
  t4Options: 292,
  colorMap: 320,
  tileOffsets: 324,
  tileByteCounts: 325,
  extraSamples: 338,
} as const;

/** Bytes per value of the types read: BYTE, SHORT, LONG, UNDEFINED (bytes, such as JPEG tables) and IFD (an offset). */
const INTEGER_SIZE: Partial<Record<number, number>> = { 1: 1, 3: 2, 4: 4, 7: 1, 13: 4 };

/**
 * Every page's directory, walking the chain of directories (guarding against loops and more than
 * the page limit). Values are checked against the file: a strip or tile that runs past its end is a
 * truncated file, found here instead of by a decoder reading garbage.
 */
export function readTiffPages(bytes: Uint8Array): TiffPage[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = bytes.length >= 8 ? String.fromCharCode(bytes[0]!, bytes[1]!) : '';
  if (order !== 'II' && order !== 'MM') throw damagedImage('TIFF');
  const little = order === 'II';
  const version = view.getUint16(2, little);
  if (version === 43) throw new ProcessingFailure('The file is a BigTIFF, a TIFF variant for images over 4 GB that the local engine does not read. Save the scan as a standard TIFF or as PDF and upload that.');
  if (version !== 42) throw damagedImage('TIFF');
  const pages: TiffPage[] = [];
  const seen = new Set<number>();
  for (let offset = view.getUint32(4, little); offset !== 0; ) {
    if (seen.has(offset) || offset + 2 > bytes.length) throw damagedImage('TIFF');
    seen.add(offset);
    if (pages.length >= LIMITS.filePages) throw new ProcessingFailure(`The TIFF has more than ${LIMITS.filePages} pages; the engine reads at most ${LIMITS.filePages} pages per file.`);
    const count = view.getUint16(offset, little);
    if (offset + 2 + count * 12 + 4 > bytes.length) throw damagedImage('TIFF');
    pages.push(pageOf(readEntries(view, offset, count, little), bytes.length, little));
    offset = view.getUint32(offset + 2 + count * 12, little);
  }
  if (pages.length === 0) throw damagedImage('TIFF');
  return pages;
}

/**
 * The integer values of a directory's entries, by tag; text, fractions and the like are never read,
 * so a damaged count in one of them costs nothing (utif2's own directory reader can loop on it for ever).
 */
function readEntries(view: DataView, offset: number, count: number, little: boolean): Map<number, number[]> {
  const entries = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const entry = offset + 2 + i * 12;
    const [tag, type, n] = [view.getUint16(entry, little), view.getUint16(entry + 2, little), view.getUint32(entry + 4, little)];
    const size = INTEGER_SIZE[type];
    if (size === undefined) continue;
    const at = n * size <= 4 ? entry + 8 : view.getUint32(entry + 8, little);
    if (at + n * size > view.byteLength) throw damagedImage('TIFF');
    const read = size === 1 ? (k: number) => view.getUint8(at + k) : size === 2 ? (k: number) => view.getUint16(at + k * 2, little) : (k: number) => view.getUint32(at + k * 4, little);
    entries.set(tag, Array.from({ length: n }, (_, k) => read(k)));
  }
  return entries;
}

function pageOf(entries: Map<number, number[]>, fileLength: number, littleEndian: boolean): TiffPage {
  const first = (tag: number, fallback: number) => entries.get(tag)?.[0] ?? fallback;
  const tiled = entries.has(TAG.tileOffsets);
  const offsets = entries.get(tiled ? TAG.tileOffsets : TAG.stripOffsets) ?? [];
  const lengths = entries.get(tiled ? TAG.tileByteCounts : TAG.stripByteCounts) ?? [];
  const width = first(TAG.width, 0);
  const height = first(TAG.height, 0);
  // 0 is no valid strip height: read it as one strip, as for a missing tag.
  const rowsPerStrip = Math.min(first(TAG.rowsPerStrip, 0) || height, height);
  const [tileWidth, tileLength] = tiled ? [first(TAG.tileWidth, 0), first(TAG.tileLength, 0)] : [0, 0];
  // Tiles may overhang the page, not dwarf it. A page with no pixels fails later on its size, with the cause that says so.
  const badTiles = tiled && !(tileWidth > 0 && tileLength > 0 && tileWidth <= width + 1024 && tileLength <= height + 1024);
  if (width > 0 && height > 0 && (badTiles || offsets.length === 0 || lengths.length !== offsets.length)) throw damagedImage('TIFF');
  const chunks = offsets.map((offset, i) => ({ offset, length: lengths[i]! }));
  if (chunks.some((c) => c.offset > fileLength)) throw damagedImage('TIFF');
  if (chunks.some((c) => c.offset + c.length > fileLength)) throw truncatedImage('TIFF');
  const bitsPerSample = first(TAG.bitsPerSample, 1);
  const samplesPerPixel = first(TAG.samplesPerPixel, 1);
  return {
    width,
    height,
    littleEndian,
    rowsPerStrip,
    tileWidth,
    tileLength,
    compression: first(TAG.compression, 1),
    // The tag is required, but some fax software leaves it out: black on white for 1 bit, as readers assume.
    photometric: first(TAG.photometric, bitsPerSample === 1 ? 0 : samplesPerPixel >= 3 ? 2 : 1),
    bitsPerSample,
    samplesPerPixel,
    planar: first(TAG.planar, 1),
    fillOrder: first(TAG.fillOrder, 1),
    predictor: first(TAG.predictor, 1),
    t4Options: first(TAG.t4Options, 0),
    extraSamples: entries.get(TAG.extraSamples) ?? [],
    colorMap: entries.get(TAG.colorMap) ?? [],
    chunks,
    tags: entries,
  };
}
