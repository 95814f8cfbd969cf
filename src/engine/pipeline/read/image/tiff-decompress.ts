import { inflateSync } from 'node:zlib';
import { decodeFax } from './tiff-ccitt.js';
import type { TiffPage } from './tiff-directory.js';
import { TIFF_COMPRESSION } from './tiff-encoding.js';
import { decodeTiffLzw } from './tiff-lzw.js';

/**
 * Decompresses one strip or tile into `out`, which is exactly its size (rows of `width` pixels,
 * whole bytes each): a decoder can neither write into the next strip nor past the page. JPEG is
 * decoded elsewhere (utif2).
 */
export function decompressChunk(page: TiffPage, chunk: Uint8Array, out: Uint8Array, width: number): void {
  switch (page.compression) {
    case TIFF_COMPRESSION.none:
      out.set(chunk.subarray(0, out.length));
      return;
    case TIFF_COMPRESSION.packBits:
      unpackBits(chunk, out);
      return;
    case TIFF_COMPRESSION.lzw:
      decodeTiffLzw(chunk, out);
      return;
    case TIFF_COMPRESSION.deflate:
    case TIFF_COMPRESSION.adobeDeflate:
      // Never more than the strip holds: a stream that inflates further is a bomb, and fails.
      out.set(inflateSync(chunk, { maxOutputLength: Math.max(out.length, 1) }));
      return;
    case TIFF_COMPRESSION.g3:
      decodeFax(chunk, out, width, (page.t4Options & 1) === 1 ? 'g3-2d' : 'g3-1d');
      return;
    case TIFF_COMPRESSION.g4:
      decodeFax(chunk, out, width, 'g4');
      return;
    default:
      throw new Error(`compression ${page.compression} reached the strip decoder`);
  }
}

/** PackBits: a header byte n, then n + 1 literal bytes (n ≥ 0) or one byte repeated 1 − n times (n < 0; −128 is a no-op). */
function unpackBits(chunk: Uint8Array, out: Uint8Array): void {
  let [read, written] = [0, 0];
  while (read < chunk.length && written < out.length) {
    const n = (chunk[read++]! << 24) >> 24;
    if (n >= 0) {
      out.set(chunk.subarray(read, read + Math.min(n + 1, out.length - written)), written);
      [read, written] = [read + n + 1, written + n + 1];
    } else if (n !== -128) {
      out.fill(chunk[read++] ?? 0, written, Math.min(out.length, written + 1 - n));
      written += 1 - n;
    }
  }
}
