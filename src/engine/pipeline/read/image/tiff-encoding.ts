import { ProcessingFailure } from '../../document/parsed-document.js';
import type { TiffPage } from './tiff-directory.js';

/** Compressions the engine decodes (JPEG with utif2, the others itself), each proven by a fixture written by libtiff or our own writer. */
export const TIFF_COMPRESSION = { none: 1, g3: 3, g4: 4, lzw: 5, jpeg: 7, deflate: 8, adobeDeflate: 32946, packBits: 32773 } as const;
const DECODED = new Set<number>(Object.values(TIFF_COMPRESSION));

/** Names a clerk may recognise in a scanner's or an archive's settings. */
const COMPRESSION_NAMES: Partial<Record<number, string>> = {
  2: 'CCITT modified Huffman (fax without line ends)',
  6: 'the old-style JPEG of TIFF 6.0',
  9: 'JBIG',
  10: 'JBIG colour',
  34661: 'JBIG',
  34712: 'JPEG 2000',
  34887: 'LERC',
  34925: 'LZMA',
  50000: 'Zstandard',
  50001: 'WebP',
  50002: 'JPEG XL',
};

const PHOTOMETRIC_NAMES: Partial<Record<number, string>> = {
  4: 'a transparency mask',
  6: 'uncompressed YCbCr colour',
  8: 'CIE L*a*b* colour',
  9: 'ICC L*a*b* colour',
  10: 'ITU L*a*b* colour',
  32803: 'raw camera (colour filter array) data',
  32844: 'LogL high dynamic range',
  32845: 'LogLuv high dynamic range',
  34892: 'linear raw camera data',
};

const SAVE_COMPRESSED = 'Save the scan as PDF, or as a TIFF with LZW, Deflate, PackBits, CCITT Group 4 or JPEG compression, and upload that.';
const SAVE_COLOURS = 'Save the scan in black and white, grey or RGB colour (as PDF, PNG, JPEG or TIFF) and upload that.';

/** Pixel layouts (photometric interpretation → bits per sample) the engine turns into page images. */
const BITS: Partial<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  1: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  5: [8],
};
/** Colour samples per pixel by photometric interpretation (more are extra samples, such as alpha). */
export const COLOUR_SAMPLES: Partial<Record<number, number>> = { 0: 1, 1: 1, 2: 3, 3: 1, 5: 4 };
/** JPEG-compressed pages come out of the decoder as 8-bit RGB whatever they were written from. */
const JPEG_PHOTOMETRICS = new Set([1, 2, 6]);

/**
 * Refuses, with a cause a clerk can act on, a page whose compression or pixel layout the engine
 * cannot decode: found from the directory, before any pixel is read.
 */
export function requireDecodableTiff(page: TiffPage, index: number, count: number): void {
  const where = count > 1 ? `Page ${index + 1} of the TIFF` : 'The TIFF';
  const refuse = (what: string, advice: string) => new ProcessingFailure(`${where} ${what}, which the local engine cannot decode. ${advice}`);
  if (!DECODED.has(page.compression)) {
    throw refuse(`is compressed with ${COMPRESSION_NAMES[page.compression] ?? `an unknown method (compression ${page.compression})`}`, SAVE_COMPRESSED);
  }
  const photometric = PHOTOMETRIC_NAMES[page.photometric] ?? `an unknown colour model (photometric interpretation ${page.photometric})`;
  if (page.compression === TIFF_COMPRESSION.jpeg) {
    if (!JPEG_PHOTOMETRICS.has(page.photometric)) throw refuse(`stores JPEG-compressed pixels in a colour model other than grey, RGB or YCbCr (photometric interpretation ${page.photometric})`, SAVE_COLOURS);
    if (page.bitsPerSample !== 8) throw refuse(`stores ${page.bitsPerSample}-bit JPEG samples`, SAVE_COMPRESSED);
  } else {
    const bits = BITS[page.photometric];
    if (!bits) throw refuse(`stores its pixels as ${photometric}`, SAVE_COLOURS);
    const fax = page.compression === TIFF_COMPRESSION.g3 || page.compression === TIFF_COMPRESSION.g4;
    if (!bits.includes(page.bitsPerSample) || page.samplesPerPixel < COLOUR_SAMPLES[page.photometric]! || (fax && (page.bitsPerSample !== 1 || page.samplesPerPixel !== 1))) {
      throw refuse(`stores pixels of ${page.samplesPerPixel} × ${page.bitsPerSample} bits${fax ? ' as fax data' : ''}`, SAVE_COLOURS);
    }
    if (page.photometric === 3 && page.colorMap.length < 3 << page.bitsPerSample) {
      throw new ProcessingFailure(`${where} has palette colours but no complete colour map: the file is damaged.`);
    }
  }
  if (page.planar !== 1 && page.samplesPerPixel > 1) throw refuse('stores its colour channels in separate planes', SAVE_COLOURS);
  if (page.predictor !== 1 && !(page.predictor === 2 && page.bitsPerSample >= 8)) throw refuse(`uses a prediction scheme for ${page.bitsPerSample}-bit samples (predictor ${page.predictor})`, SAVE_COMPRESSED);
}
