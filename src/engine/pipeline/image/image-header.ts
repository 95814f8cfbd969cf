import { LIMITS } from '../../../shared/api/index.js';
import { ProcessingFailure } from '../parsed-document.js';

export type ImageFormat = 'png' | 'jpeg' | 'tiff';
export type PageSize = { width: number; height: number };

/**
 * A decoded page may hold at most this many pixels: 100 megapixels is an A3 sheet at 600 dpi with
 * room to spare, and 400 MB of RGBA while it is read. Bigger images are refused before decoding,
 * so that a small file that would decode to gigabytes (a decompression bomb) costs nothing.
 */
export const MAX_PAGE_PIXELS = 100_000_000;

export function imageFormatOf(format: string): ImageFormat | undefined {
  if (format === 'png') return 'png';
  if (format === 'jpg' || format === 'jpeg') return 'jpeg';
  if (format === 'tif' || format === 'tiff') return 'tiff';
  return undefined;
}

/** Page sizes read from the file's header alone; a damaged, mislabelled or oversized image fails here. */
export function imagePages(bytes: Uint8Array, format: ImageFormat): PageSize[] {
  const pages = format === 'png' ? [pngSize(bytes)] : format === 'jpeg' ? [jpegSize(bytes)] : tiffSizes(bytes);
  pages.forEach((page, i) => requireDecodable(page, i, pages.length));
  return pages;
}

export function requireDecodable(page: PageSize, index: number, count: number): void {
  const pixels = page.width * page.height;
  if (page.width > 0 && page.height > 0 && pixels <= MAX_PAGE_PIXELS) return;
  const where = count > 1 ? `Page ${index + 1} is` : 'The image is';
  if (pixels === 0) throw new ProcessingFailure(`${where} empty (0 pixels wide or high): the file is damaged.`);
  throw new ProcessingFailure(
    `${where} ${page.width} × ${page.height} pixels (${Math.round(pixels / 1e6)} megapixels); the engine reads at most ${MAX_PAGE_PIXELS / 1e6} megapixels per page. Scan at a lower resolution (300 dpi is plenty) and upload again.`,
  );
}

function truncated(kind: string): ProcessingFailure {
  return new ProcessingFailure(`The ${kind} image is truncated: its end is missing (an interrupted download or copy?). Upload the complete file.`);
}

function damaged(kind: string): ProcessingFailure {
  return new ProcessingFailure(`The file is not a readable ${kind} image (damaged, truncated or not really a ${kind}).`);
}

function pngSize(bytes: Uint8Array): PageSize {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const view = viewOf(bytes);
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b) || ascii(bytes, 12, 4) !== 'IHDR') throw damaged('PNG');
  // Decoders show a cut-off PNG as a partly blank page; its closing IEND chunk tells it is whole.
  if (!ascii(bytes, Math.max(0, bytes.length - 64), 64).includes('IEND')) throw truncated('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Start-of-frame markers carry the size: C0-CF except DHT (C4), JPG (C8) and DAC (CC).
function jpegSize(bytes: Uint8Array): PageSize {
  const view = viewOf(bytes);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw damaged('JPEG');
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw damaged('JPEG');
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (!hasJpegEnd(bytes)) throw truncated('JPEG');
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    offset += 2 + length;
  }
  throw damaged('JPEG');
}

/** The end-of-image marker, near the end (some cameras append a few bytes after it). */
function hasJpegEnd(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 2; i >= Math.max(0, bytes.length - 4096); i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  return false;
}

/** Walks the TIFF's chain of image directories (guarding against loops) for each page's size. */
function tiffSizes(bytes: Uint8Array): PageSize[] {
  const view = viewOf(bytes);
  const order = ascii(bytes, 0, 2);
  if (bytes.length < 8 || (order !== 'II' && order !== 'MM')) throw damaged('TIFF');
  const little = order === 'II';
  if (view.getUint16(2, little) !== 42) throw damaged('TIFF');
  const pages: PageSize[] = [];
  const seen = new Set<number>();
  for (let offset = view.getUint32(4, little); offset !== 0; ) {
    if (seen.has(offset) || offset + 2 > bytes.length) throw damaged('TIFF');
    seen.add(offset);
    if (pages.length >= LIMITS.filePages) throw new ProcessingFailure(`The TIFF has more than ${LIMITS.filePages} pages; the engine reads at most ${LIMITS.filePages} pages per file.`);
    const count = view.getUint16(offset, little);
    if (offset + 2 + count * 12 + 4 > bytes.length) throw damaged('TIFF');
    const size = { width: 0, height: 0 };
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12;
      const [tag, type] = [view.getUint16(entry, little), view.getUint16(entry + 2, little)];
      const value = type === 3 ? view.getUint16(entry + 8, little) : view.getUint32(entry + 8, little);
      if (tag === 256) size.width = value;
      if (tag === 257) size.height = value;
    }
    pages.push(size);
    offset = view.getUint32(offset + 2 + count * 12, little);
  }
  if (pages.length === 0) throw damaged('TIFF');
  return pages;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}
