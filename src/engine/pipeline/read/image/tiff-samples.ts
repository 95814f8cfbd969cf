import { decompressChunk } from './tiff-decompress.js';
import type { TiffPage } from './tiff-directory.js';

/**
 * A page's samples, decompressed strip by strip (or tile by tile), rows of whole bytes, with the
 * horizontal predictor undone; bits come most significant first whatever the page's fill order.
 * The buffer may hold a few rows more than the page (a last strip written at full height).
 */
export function readTiffSamples(bytes: Uint8Array, page: TiffPage): Uint8Array {
  const bitsPerPixel = page.bitsPerSample * page.samplesPerPixel;
  const rowBytes = Math.ceil((page.width * bitsPerPixel) / 8);
  return page.tileWidth > 0 ? readTiles(bytes, page, rowBytes, bitsPerPixel) : readStrips(bytes, page, rowBytes);
}

/** One strip or tile, decompressed into `out` (rows of `rowBytes`), its predictor undone: a tile's rows start afresh. */
function readChunk(bytes: Uint8Array, page: TiffPage, index: number, out: Uint8Array, width: number, rowBytes: number): void {
  decompressChunk(page, chunkOf(bytes, page, index), out, width);
  if (page.predictor === 2) undoPredictor(out, page, rowBytes);
}

function readStrips(bytes: Uint8Array, page: TiffPage, rowBytes: number): Uint8Array {
  const stripBytes = page.rowsPerStrip * rowBytes;
  const strips = Math.ceil(page.height / page.rowsPerStrip);
  const samples = new Uint8Array(strips * stripBytes);
  // Strips the directory does not list stay blank.
  for (let i = 0; i < Math.min(strips, page.chunks.length); i++) readChunk(bytes, page, i, samples.subarray(i * stripBytes, (i + 1) * stripBytes), page.width, rowBytes);
  return samples;
}

/** Tiles are decoded one at a time and copied into place, their parts beyond the page's edges dropped. */
function readTiles(bytes: Uint8Array, page: TiffPage, rowBytes: number, bitsPerPixel: number): Uint8Array {
  const { tileWidth, tileLength } = page;
  const tileRowBytes = Math.ceil((tileWidth * bitsPerPixel) / 8);
  const tile = new Uint8Array(tileRowBytes * tileLength);
  const samples = new Uint8Array(rowBytes * page.height);
  const across = Math.ceil(page.width / tileWidth);
  const down = Math.ceil(page.height / tileLength);
  for (let ty = 0; ty < down; ty++) {
    for (let tx = 0; tx < across && ty * across + tx < page.chunks.length; tx++) {
      tile.fill(0);
      readChunk(bytes, page, ty * across + tx, tile, tileWidth, tileRowBytes);
      // Tile widths are multiples of 16 pixels, so a tile starts on a whole byte.
      const left = Math.floor((tx * tileWidth * bitsPerPixel) / 8);
      const width = Math.min(tileRowBytes, rowBytes - left);
      for (let y = 0; y < tileLength && ty * tileLength + y < page.height; y++) {
        samples.set(tile.subarray(y * tileRowBytes, y * tileRowBytes + width), (ty * tileLength + y) * rowBytes + left);
      }
    }
  }
  return samples;
}

const REVERSED = Uint8Array.from({ length: 256 }, (_, byte) => {
  let out = 0;
  for (let bit = 0; bit < 8; bit++) out |= ((byte >> bit) & 1) << (7 - bit);
  return out;
});

/** A strip or tile's bytes; with fill order 2 a copy with each byte's bits reversed, as libtiff reads them. */
function chunkOf(bytes: Uint8Array, page: TiffPage, index: number): Uint8Array {
  const { offset, length } = page.chunks[index]!;
  const chunk = bytes.subarray(offset, offset + length);
  return page.fillOrder === 2 ? chunk.map((byte) => REVERSED[byte]!) : chunk;
}

/** Predictor 2: each sample was stored as its difference from the same sample of the pixel before it on the row. */
function undoPredictor(samples: Uint8Array, page: TiffPage, rowBytes: number): void {
  const stride = page.samplesPerPixel;
  const rows = samples.length / rowBytes;
  if (page.bitsPerSample === 8) {
    for (let row = 0; row < rows; row++) {
      const start = row * rowBytes;
      for (let i = start + stride; i < start + rowBytes; i++) samples[i] = (samples[i]! + samples[i - stride]!) & 0xff;
    }
    return;
  }
  const view = new DataView(samples.buffer, samples.byteOffset, samples.byteLength);
  for (let row = 0; row < rows; row++) {
    const start = row * rowBytes;
    for (let i = start + stride * 2; i + 1 < start + rowBytes; i += 2) {
      view.setUint16(i, (view.getUint16(i, page.littleEndian) + view.getUint16(i - stride * 2, page.littleEndian)) & 0xffff, page.littleEndian);
    }
  }
}
