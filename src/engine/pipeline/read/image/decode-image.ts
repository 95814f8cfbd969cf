import sharp, { type Metadata, type Sharp } from 'sharp';
import { LIMITS } from '../../../../shared/api/index.js';
import { ProcessingFailure } from '../../document/parsed-document.js';
import { damagedImage, decodeFailure, isTruncation, truncatedImage } from './image-failures.js';
import { imagePages, MAX_PAGE_PIXELS, requireDecodable, type ImageFormat, type PageSize } from './image-header.js';
import type { Raster } from './raster.js';

// Every file is read once: libvips's cache of recent operations would only hold their memory.
sharp.cache(false);

const PAPER = { r: 255, g: 255, b: 255 };

/**
 * How many pages an image file has, from its headers alone: a PNG's or JPEG's one (its size checked,
 * `imagePages`), a TIFF's directories as libtiff counts them (a chain that loops ends where it loops).
 * Each TIFF page's size is checked when the page is decoded: libtiff finds page n by walking the n
 * directories before it, so measuring every page here would cost the square of the page count.
 */
export async function imagePageCount(bytes: Uint8Array, format: ImageFormat): Promise<number> {
  if (format !== 'tiff') return imagePages(bytes, format).length;
  const { count } = await tiffPage(bytes, 0);
  await requireChainEnd(bytes, count);
  return count;
}

/**
 * One page of a JPEG, PNG or TIFF as RGBA on white (transparency flattened), upright as its
 * orientation tag says, decoded by libvips at its own size: the recognizer reads small print from
 * the page's full resolution, and positions are answered in its pixels. Its size is checked before
 * any pixel is decoded; libvips streams the page into the one buffer the raster keeps.
 */
export async function decodeImagePage(bytes: Uint8Array, format: ImageFormat, page: number): Promise<Raster> {
  const { count } = await checkedPage(bytes, format, page);
  return decoded(format, page, count, () => vips(bytes, page));
}

/**
 * The most pixels a page is recognised from at its own size: an A4 page at about 320 dpi. No page of
 * the development sets is larger (sroie-dev's largest is 9 megapixels; the scans are 150 dpi).
 */
export const READ_PIXELS = 10_000_000;

/**
 * The resolution a larger page is brought down to when its file states its own: the one the engine
 * draws a PDF page at to read it (the contract's default, 144 dpi). The detector sees any page at
 * most 960 px high, and an A4 page read at 150 dpi holds 2.2 megapixels where at 300 dpi it holds 8.7:
 * the pixels above it cost memory, not words (a 600 dpi page read at 150 dpi finds more words than the
 * same page scanned at 150 dpi: docs/benchmarks.md).
 */
export const READ_DPI = 144;

/**
 * The whole factor a page is shrunk by while it loads: none within READ_PIXELS; over it, the largest
 * that keeps the resolution its file states (`density`, dots per inch) at or above READ_DPI (a 600 dpi
 * A4 page by 4, to 150 dpi), and at least the one that brings it within READ_PIXELS (a page with no
 * resolution, or a camera's nominal 72 dpi).
 */
export function readShrink(size: PageSize, density: number | undefined): number {
  const withinBound = Math.ceil(Math.sqrt((size.width * size.height) / READ_PIXELS));
  return withinBound <= 1 ? 1 : Math.max(withinBound, Math.floor((density ?? 0) / READ_DPI));
}

/**
 * One page as the recognizer reads it: a scan of more than READ_PIXELS (600 dpi and up, as scanners
 * are often set) shrunk by `readShrink` while libvips loads it (a JPEG in its DCT, a TIFF strip by
 * strip), so that its full size never lies in memory. `scale` takes its positions back to the image's
 * own pixels, in which the engine answers.
 */
export async function decodePageToRead(bytes: Uint8Array, format: ImageFormat, page: number): Promise<{ raster: Raster; scale: number }> {
  const { size, count } = await checkedPage(bytes, format, page);
  // Only a page over the bound has its header read again for its resolution.
  const factor = size.width * size.height > READ_PIXELS ? readShrink(size, await density(bytes, page)) : 1;
  if (factor === 1) return { raster: await decoded(format, page, count, () => vips(bytes, page)), scale: 1 };
  const longest = Math.max(size.width, size.height);
  const side = Math.ceil(longest / factor);
  const raster = await decoded(format, page, count, () => vips(bytes, page).resize({ width: side, height: side, fit: 'inside' }));
  return { raster, scale: longest / Math.max(raster.width, raster.height) };
}

/** The resolution a page's file states (a JPEG's JFIF or Exif header, a TIFF page's tags), in dots per inch; from its header alone. */
async function density(bytes: Uint8Array, page: number): Promise<number | undefined> {
  // A header libvips cannot read states nothing: the page is then bounded by its pixels, and its decoding says what is wrong.
  const header = await sharp(bufferOf(bytes), { page, limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  return header?.density;
}

/** A page's size and the file's page count, the page checked to exist and to be within the pixel limit before any pixel is decoded. */
async function checkedPage(bytes: Uint8Array, format: ImageFormat, page: number): Promise<{ size: PageSize; count: number }> {
  const found = format === 'tiff' ? await tiffPage(bytes, page) : { size: imagePages(bytes, format)[0]!, count: 1 };
  if (page >= found.count) throw new ProcessingFailure(`Page ${page} does not exist: the image has ${found.count} page(s).`);
  requireDecodable(found.size, page, found.count);
  return found;
}

async function decoded(format: ImageFormat, page: number, count: number, image: () => Sharp): Promise<Raster> {
  const kind = format.toUpperCase();
  const failure = (error: unknown) => decodeFailure(error, kind, count > 1 ? `Page ${page + 1} of the ${kind}` : `The ${kind}`);
  try {
    return await rasterOf(image());
  } catch (first) {
    // libvips keeps one error text per process: a decode in another page worker may clear it before
    // sharp reads it ("Unknown error"). A second try often gives the words.
    if (!wordless(first)) throw failure(first);
    return await rasterOf(image()).catch((again: unknown) => Promise.reject(failure(again)));
  }
}

const wordless = (error: unknown) => error instanceof Error && /^\s*unknown error\s*$/i.test(error.message);

/**
 * A picture drawn inside a page (PNG, JPEG, TIFF, GIF or WebP; libvips reads no BMP), decoded no
 * larger than it is drawn: libvips shrinks it while loading (a JPEG in its DCT), so a camera photo
 * in a small box never exists at full size.
 */
export async function decodePicture(bytes: Uint8Array, drawn: PageSize): Promise<Raster> {
  const fit = { width: Math.max(1, Math.ceil(drawn.width)), height: Math.max(1, Math.ceil(drawn.height)) };
  return rasterOf(vips(bytes, 0).resize({ ...fit, fit: 'inside', withoutEnlargement: true }));
}

/**
 * libvips's reading of a page, in sRGB from the start (CMYK, L*a*b* and grey alike, so that
 * transparency is laid over white in the colours it is seen in). The pixel limit again as a guard;
 * strict about errors, not about the warnings scanners' files often raise (a private tag).
 */
function vips(bytes: Uint8Array, page: number): Sharp {
  return sharp(bufferOf(bytes), { page, failOn: 'error', limitInputPixels: MAX_PAGE_PIXELS, sequentialRead: true })
    .pipelineColourspace('srgb')
    .rotate()
    .flatten({ background: PAPER })
    .toColourspace('srgb')
    .ensureAlpha(1);
}

async function rasterOf(image: Sharp): Promise<Raster> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`libvips gave ${info.channels} channels where RGBA was asked`);
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}

/** A TIFF page's size and the file's page count, from its directories; past the last page the count comes from the first. */
async function tiffPage(bytes: Uint8Array, page: number): Promise<{ size: PageSize; count: number }> {
  const header = (await tiffHeader(bytes, page)) ?? { width: 0, height: 0, pages: (await tiffHeader(bytes, 0))?.pages };
  const count = header.pages ?? 1;
  if (count > LIMITS.filePages) throw new ProcessingFailure(`The TIFF has more than ${LIMITS.filePages} pages; the engine reads at most ${LIMITS.filePages} pages per file.`);
  return { size: { width: header.width ?? 0, height: header.height ?? 0 }, count };
}

/**
 * libtiff counts a TIFF's pages up to the first directory it cannot read, and says why only when asked
 * for the page after the last: a file cut off after its first pages is truncated, not shorter.
 */
async function requireChainEnd(bytes: Uint8Array, count: number): Promise<void> {
  const end = await sharp(bufferOf(bytes), { page: count, limitInputPixels: false })
    .metadata()
    .then(
      () => '',
      (error: unknown) => String(error),
    );
  if (isTruncation(end)) throw truncatedImage('TIFF');
}

/** A page's header, undefined past the last page; no pixel limit here, so that an oversized page is measured and named. */
async function tiffHeader(bytes: Uint8Array, page: number): Promise<Metadata | undefined> {
  const header = await sharp(bufferOf(bytes), { page, limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      if (page > 0 && /does not contain page/.test(String(error))) return undefined;
      throw damagedImage('TIFF');
    });
  // libvips reads what the bytes are, whatever the file's name says.
  if (header && header.format !== 'tiff') throw damagedImage('TIFF');
  return header;
}

/** The bytes as the Buffer sharp takes, without a copy (a page worker's are shared between threads). */
function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
