import { createRequire } from 'node:module';
import type * as Utif from 'utif2';
import type { Raster } from './raster.js';
import { readTiffPages, type TiffPage } from './tiff-directory.js';
import { TIFF_COMPRESSION } from './tiff-encoding.js';
import { samplesToRaster } from './tiff-raster.js';
import { readTiffSamples } from './tiff-samples.js';

// utif2 is a CommonJS module whose members Node cannot name statically.
const UTIF = createRequire(import.meta.url)('utif2') as typeof Utif;

/** One page of a TIFF whose directory was checked (`imagePages`), as a page image. */
export function decodeTiffPage(bytes: Uint8Array, index: number): Raster {
  const page = readTiffPages(bytes)[index]!;
  if (page.compression === TIFF_COMPRESSION.jpeg) {
    // The JPEG decoder hands back 8-bit RGB whatever the page holds, grey too.
    return samplesToRaster({ ...page, photometric: 2, bitsPerSample: 8, samplesPerPixel: 3, extraSamples: [] }, jpegSamples(bytes, page));
  }
  return samplesToRaster(page, readTiffSamples(bytes, page));
}

/**
 * JPEG-compressed strips and tiles go to utif2's JPEG decoder. It is given the directory as read
 * here (its own directory reader loops on some damaged files), sized for three samples per pixel.
 */
function jpegSamples(bytes: Uint8Array, page: TiffPage): Uint8Array {
  const ifd = Object.fromEntries([...page.tags].map(([tag, values]) => [`t${tag}`, [...values]])) as Utif.IFD;
  Object.assign(ifd, { t262: [page.photometric], t277: [3] });
  quietly(() => UTIF.decodeImage(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, ifd));
  return ifd.data;
}

/** utif2 prints debugging lines for tiled pages; the call is synchronous, so nothing else logs meanwhile. */
function quietly(run: () => void): void {
  const log = console.log;
  console.log = () => undefined;
  try {
    run();
  } finally {
    console.log = log;
  }
}
