import type { FileData } from '../../../../shared/api/index.js';
import { components, countInside, dilate, type Component } from '../image/components.js';
import { boundedSize, scaleRaster, type Raster } from '../image/raster.js';

/** A stamp found on a page; the page number is the caller's. */
export type PageStamp = Omit<FileData['stamps'][number], 'page'> & { color: StampColor; shape: StampShape; position: number[] };
export type StampColor = 'red' | 'blue';
export type StampShape = 'circle' | 'ellipse' | 'rectangle';
/** A stamp's outline on the full-size page, before its text is read. */
export type StampOutline = { color: StampColor; shape: StampShape; left: number; top: number; right: number; bottom: number };

/** Stamps are looked for on a copy of the page of about this many pixels: seals are large. */
const SEARCH_PIXELS = 1_000_000;
/** Most pages have no seal: a glance at a small copy skips the search when hardly any pixel has a seal's colour. */
const GLANCE_PIXELS = 250_000;
const GLANCE_SHARE = 0.0002;
/** Seals are at least about 1.2 cm across on an A4 page: 6% of its shorter side. Smaller rings are letters. */
const SIZE = { minShare: 0.06, maxShare: 0.6, minPixels: 20, maxAspect: 3 } as const;
/** A seal's border runs along its outline: this share of the outline must be inked. */
const BORDER_COVERAGE = 0.6;

/**
 * Red and blue seals: ink of the seal's colour (strongly red or blue, not dark grey), grown a little
 * so that a seal's ring, star and letters join, then each region of seal size whose border runs
 * round it (a ring, an oval or a frame). Boxes are in the raster's pixel space.
 */
export function findStamps(raster: Raster): StampOutline[] {
  const glance = boundedSize(raster.width, raster.height, GLANCE_PIXELS);
  const tiny = scaleRaster(raster, glance.width, glance.height);
  const colors = (['red', 'blue'] as const).filter((color) => inkMask(tiny, color).reduce((n, v) => n + v, 0) >= GLANCE_SHARE * tiny.width * tiny.height);
  if (colors.length === 0) return [];
  const size = boundedSize(raster.width, raster.height, SEARCH_PIXELS);
  const small = scaleRaster(raster, size.width, size.height);
  const found: StampOutline[] = [];
  for (const color of colors) {
    const mask = inkMask(small, color);
    const joined = dilate(mask, small.width, small.height, Math.max(1, Math.round(Math.min(small.width, small.height) * 0.004)));
    for (const region of components(joined, small.width, small.height)) {
      const shape = sealShape(mask, small.width, region);
      if (!shape) continue;
      const scale = 1 / size.scale;
      found.push({ color, shape, left: region.left * scale, top: region.top * scale, right: region.right * scale, bottom: region.bottom * scale });
    }
  }
  return found;
}

/** Pixels clearly of the seal colour: saturated and dominated by red (or blue). */
export function inkMask(raster: Raster, color: StampColor): Uint8Array {
  const { data } = raster;
  const mask = new Uint8Array(raster.width * raster.height);
  for (let p = 0, i = 0; p < mask.length; p++, i += 4) mask[p] = isSealInk(data[i]!, data[i + 1]!, data[i + 2]!, color) ? 1 : 0;
  return mask;
}

/** A colour (0-255 channels) clearly of a seal's red or blue, not dark grey or brown. */
export function isSealInk(r: number, g: number, b: number, color: StampColor): boolean {
  return color === 'red' ? r > 110 && r > 1.45 * g && r > 1.45 * b : b > 90 && b > 1.35 * r && b > 1.1 * g;
}

function sealShape(mask: Uint8Array, width: number, region: Component): StampShape | undefined {
  const [w, h] = [region.right - region.left, region.bottom - region.top];
  const height = mask.length / width;
  const side = Math.min(width, height);
  if (Math.min(w, h) < Math.max(SIZE.minPixels, SIZE.minShare * side) || Math.max(w, h) > SIZE.maxShare * Math.max(width, height)) return undefined;
  if (Math.max(w, h) / Math.min(w, h) > SIZE.maxAspect) return undefined;
  const ink = countInside(mask, width, region.left, region.top, region.right, region.bottom) / (w * h);
  if (ink < 0.03 || ink > 0.7) return undefined;
  // A ring touches its box only at four points, so a frame is told first.
  if (frameCoverage(mask, width, region) >= BORDER_COVERAGE) return 'rectangle';
  if (ringCoverage(mask, width, region) >= BORDER_COVERAGE) return Math.abs(w / h - 1) < 0.15 ? 'circle' : 'ellipse';
  return undefined;
}

/** Share of 72 directions in which the ellipse inscribed in the box is inked near its rim. */
function ringCoverage(mask: Uint8Array, width: number, region: Component): number {
  const [cx, cy] = [(region.left + region.right) / 2, (region.top + region.bottom) / 2];
  const [rx, ry] = [(region.right - region.left) / 2, (region.bottom - region.top) / 2];
  let inked = 0;
  for (let k = 0; k < 72; k++) {
    const angle = (k * Math.PI) / 36;
    const hit = [0.8, 0.85, 0.9, 0.95, 1].some((f) => {
      const [x, y] = [Math.round(cx + Math.cos(angle) * rx * f - 0.5), Math.round(cy + Math.sin(angle) * ry * f - 0.5)];
      return mask[y * width + x] === 1;
    });
    if (hit) inked++;
  }
  return inked / 72;
}

/** Share of the box's outline (sampled every few pixels on the four sides) inked within its outer band. */
function frameCoverage(mask: Uint8Array, width: number, region: Component): number {
  const [w, h] = [region.right - region.left, region.bottom - region.top];
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.08));
  let [samples, inked] = [0, 0];
  const sample = (x0: number, y0: number, x1: number, y1: number) => {
    samples++;
    if (countInside(mask, width, x0, y0, x1, y1) > 0) inked++;
  };
  for (let x = region.left; x < region.right; x += 3) {
    sample(x, region.top, x + 3, region.top + band);
    sample(x, region.bottom - band, x + 3, region.bottom);
  }
  for (let y = region.top; y < region.bottom; y += 3) {
    sample(region.left, y, region.left + band, y + 3);
    sample(region.right - band, y, region.right, y + 3);
  }
  return inked / samples;
}
