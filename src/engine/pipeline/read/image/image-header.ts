import { ProcessingFailure } from '../../document/parsed-document.js';
import { damagedImage, truncatedImage } from './image-failures.js';

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

/**
 * The one page of a PNG or JPEG, its size read from the header alone: a damaged, mislabelled,
 * truncated (no closing chunk or end marker) or oversized image fails here, on the engine's thread,
 * before a page worker decodes it. Every format's page count, TIFF's too: `imagePageCount`.
 */
export function imagePages(bytes: Uint8Array, format: 'png' | 'jpeg'): PageSize[] {
  const page = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  requireDecodable(page, 0, 1);
  return [page];
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

function pngSize(bytes: Uint8Array): PageSize {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const view = viewOf(bytes);
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b) || ascii(bytes, 12, 4) !== 'IHDR') throw damagedImage('PNG');
  // A PNG's closing IEND chunk tells it is whole.
  if (!ascii(bytes, Math.max(0, bytes.length - 64), 64).includes('IEND')) throw truncatedImage('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Start-of-frame markers carry the size: C0-CF except DHT (C4), JPG (C8) and DAC (CC).
function jpegSize(bytes: Uint8Array): PageSize {
  const view = viewOf(bytes);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw damagedImage('JPEG');
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw damagedImage('JPEG');
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (!hasJpegEnd(bytes)) throw truncatedImage('JPEG');
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    offset += 2 + length;
  }
  throw damagedImage('JPEG');
}

/** The end-of-image marker, near the end (some cameras append a few bytes after it). */
function hasJpegEnd(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 2; i >= Math.max(0, bytes.length - 4096); i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  return false;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}
