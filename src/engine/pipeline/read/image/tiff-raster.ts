import { blankRaster, type Raster } from './raster.js';
import type { TiffPage } from './tiff-directory.js';
import { COLOUR_SAMPLES } from './tiff-encoding.js';

/** How decoded samples are laid out: a page's own layout, or 8-bit RGB for what came out of the JPEG decoder. */
export type SampleLayout = Pick<TiffPage, 'width' | 'height' | 'littleEndian' | 'photometric' | 'bitsPerSample' | 'samplesPerPixel' | 'extraSamples' | 'colorMap'>;

/**
 * A page image (opaque RGBA, alpha laid over white paper) from a TIFF page's decompressed samples,
 * rows padded to whole bytes, 16-bit samples in the file's byte order. Bilevel and grey
 * pages of any depth, palette pages (1 to 8 bits), RGB and CMYK, with or without alpha.
 */
export function samplesToRaster(layout: SampleLayout, data: Uint8Array): Raster {
  const raster = blankRaster(layout.width, layout.height);
  const colours = indexedColours(layout);
  if (colours) fillIndexed(layout, data, colours, new Uint32Array(raster.data.buffer));
  else if (layout.photometric === 2 && layout.bitsPerSample === 8 && !hasAlpha(layout)) fillRgb(layout, data, raster.data);
  else fillSampled(layout, data, raster.data);
  return raster;
}

/**
 * Bilevel, grey and palette pages of up to 8 bits without alpha, the usual scans: each stored value
 * stands for one colour, so a table of them makes the page one lookup per pixel.
 */
function indexedColours(layout: SampleLayout): Uint32Array | undefined {
  const { photometric, bitsPerSample: bits } = layout;
  if (bits > 8 || ![0, 1, 3].includes(photometric) || hasAlpha(layout)) return undefined;
  const max = (1 << bits) - 1;
  const palette = photometric === 3 ? paletteOf(layout) : [];
  const pixel = new Uint8Array(4);
  const colours = new Uint32Array(max + 1);
  for (let value = 0; value <= max; value++) {
    const grey = Math.round(((photometric === 0 ? max - value : value) * 255) / max);
    pixel.set(photometric === 3 ? palette[value]! : [grey, grey, grey]);
    pixel[3] = 255;
    colours[value] = new Uint32Array(pixel.buffer)[0]!;
  }
  return colours;
}

function fillIndexed(layout: SampleLayout, data: Uint8Array, colours: Uint32Array, out: Uint32Array): void {
  const { width, height, bitsPerSample: bits, samplesPerPixel: samples } = layout;
  const rowBytes = Math.ceil((width * samples * bits) / 8);
  const mask = (1 << bits) - 1;
  for (let y = 0, p = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++, p++) {
      const bit = x * samples * bits;
      out[p] = colours[((data[row + (bit >> 3)] ?? 0) >> (8 - bits - (bit & 7))) & mask]!;
    }
  }
}

/** 8-bit RGB, colour scans and whatever came out of the JPEG decoder. */
function fillRgb(layout: SampleLayout, data: Uint8Array, out: Uint8ClampedArray): void {
  const { width, height, samplesPerPixel: samples } = layout;
  const rowBytes = width * samples;
  for (let y = 0, at = 0; y < height; y++) {
    for (let i = y * rowBytes, end = i + rowBytes; i < end; i += samples, at += 4) {
      out[at] = data[i]!;
      out[at + 1] = data[i + 1]!;
      out[at + 2] = data[i + 2]!;
      out[at + 3] = 255;
    }
  }
}

/** CMYK, 16-bit samples, and pages with alpha: sample by sample. */
function fillSampled(layout: SampleLayout, data: Uint8Array, out: Uint8ClampedArray): void {
  const { width, height, photometric } = layout;
  const sample = sampleReader(layout, data);
  const colour = COLOUR_SAMPLES[photometric]!;
  const alpha = hasAlpha(layout) ? layout.extraSamples[0]! : 0;
  const palette = paletteOf(layout);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (photometric === 2) for (let c = 0; c < 3; c++) out[at + c] = sample.byte(x, y, c);
      else if (photometric === 5) cmyk(out, at, sample.byte(x, y, 0), sample.byte(x, y, 1), sample.byte(x, y, 2), sample.byte(x, y, 3));
      else if (photometric === 3) out.set(palette[sample.raw(x, y, 0)] ?? WHITE, at);
      else out.fill(photometric === 0 ? 255 - sample.byte(x, y, 0) : sample.byte(x, y, 0), at, at + 3);
      if (alpha) overWhite(out, at, sample.byte(x, y, colour), alpha === 1);
      out[at + 3] = 255;
    }
  }
}

/** Extra sample 1 is premultiplied alpha, 2 plain alpha; 0 (unspecified) is ignored, as libtiff does. */
function hasAlpha(layout: SampleLayout): boolean {
  const extra = layout.extraSamples[0] ?? 0;
  return layout.samplesPerPixel > COLOUR_SAMPLES[layout.photometric]! && (extra === 1 || extra === 2);
}

const WHITE = [255, 255, 255];

type SampleReader = {
  /** The sample as stored (a palette index). */
  raw(x: number, y: number, s: number): number;
  /** The sample scaled to 0-255. */
  byte(x: number, y: number, s: number): number;
};

function sampleReader(layout: SampleLayout, data: Uint8Array): SampleReader {
  const { width, bitsPerSample: bits, samplesPerPixel: samples } = layout;
  const rowBytes = Math.ceil((width * samples * bits) / 8);
  const max = 2 ** Math.min(bits, 8) - 1;
  // Missing bytes (a short strip) read as 0.
  const at = (i: number) => data[i] ?? 0;
  if (bits === 8) {
    const raw = (x: number, y: number, s: number) => at(y * rowBytes + x * samples + s);
    return { raw, byte: raw };
  }
  if (bits === 16) {
    // The high byte is enough for a page image.
    const high = layout.littleEndian ? 1 : 0;
    const raw = (x: number, y: number, s: number) => at(y * rowBytes + (x * samples + s) * 2 + high);
    return { raw, byte: raw };
  }
  const raw = (x: number, y: number, s: number) => {
    const bit = (x * samples + s) * bits;
    return (at(y * rowBytes + (bit >> 3)) >> (8 - bits - (bit & 7))) & max;
  };
  return { raw, byte: (x, y, s) => Math.round((raw(x, y, s) * 255) / max) };
}

/** A TIFF colour map holds all reds, then all greens, then all blues, 16 bits each. */
function paletteOf(layout: SampleLayout): number[][] {
  if (layout.photometric !== 3) return [];
  const size = 1 << layout.bitsPerSample;
  const map = layout.colorMap;
  return Array.from({ length: size }, (_, i) => [map[i]! >> 8, map[size + i]! >> 8, map[2 * size + i]! >> 8]);
}

function cmyk(out: Uint8ClampedArray, at: number, c: number, m: number, y: number, k: number): void {
  const paper = 255 - k;
  out[at] = ((255 - c) * paper) / 255;
  out[at + 1] = ((255 - m) * paper) / 255;
  out[at + 2] = ((255 - y) * paper) / 255;
}

/** Transparent pixels show the paper: `premultiplied` colours already carry their alpha. */
function overWhite(out: Uint8ClampedArray, at: number, alpha: number, premultiplied: boolean): void {
  for (let c = at; c < at + 3; c++) out[c] = (premultiplied ? out[c]! : (out[c]! * alpha) / 255) + 255 - alpha;
}
