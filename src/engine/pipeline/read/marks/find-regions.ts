import { components, countInside, dilate } from '../image/components.js';
import { boundedSize, scaleRaster, type Raster } from '../image/raster.js';

/** A photo or document lying on the page: its box [left, top, right, bottom] in the raster's pixel space. */
export type Region = [number, number, number, number];

const SEARCH_PIXELS = 400_000;
/** A pixel belongs to an object when some channel differs this much from the background colour. */
const BACKGROUND_DISTANCE = 40;
/** Objects are solid (paper, photos): most of their box differs from the background, unlike text on the page itself. */
const MIN_SOLIDITY = 0.6;
const MIN_AREA_SHARE = 0.02;

/**
 * Separate photos or documents on one page image (several receipts on a scanner bed, cards on a
 * table): the background is the colour of the page's border; objects are large solid regions of
 * another colour. A page that is itself the document (its paper is the background) has none.
 * Boxes are sorted in reading order (top to bottom, then left to right).
 */
export function findRegions(raster: Raster): Region[] {
  const size = boundedSize(raster.width, raster.height, SEARCH_PIXELS);
  const small = scaleRaster(raster, size.width, size.height);
  const mask = objectMask(small);
  const closed = dilate(mask, small.width, small.height, 2);
  const found: Region[] = [];
  for (const c of components(closed, small.width, small.height)) {
    const area = (c.right - c.left) * (c.bottom - c.top);
    if (area < MIN_AREA_SHARE * small.width * small.height) continue;
    if (countInside(mask, small.width, c.left, c.top, c.right, c.bottom) < MIN_SOLIDITY * area) continue;
    found.push([c.left, c.top, c.right, c.bottom].map((v) => Math.round(v / size.scale)) as Region);
  }
  const rowOf = (r: Region) => Math.floor(r[1] / (0.25 * raster.height));
  return found.sort((a, b) => rowOf(a) - rowOf(b) || a[0] - b[0]);
}

function objectMask(raster: Raster): Uint8Array {
  const background = borderColour(raster);
  const { data } = raster;
  const mask = new Uint8Array(raster.width * raster.height);
  for (let p = 0, i = 0; p < mask.length; p++, i += 4) {
    const distance = Math.max(Math.abs(data[i]! - background[0]), Math.abs(data[i + 1]! - background[1]), Math.abs(data[i + 2]! - background[2]));
    mask[p] = distance > BACKGROUND_DISTANCE ? 1 : 0;
  }
  return mask;
}

/** The median colour of the outermost pixels. */
function borderColour(raster: Raster): [number, number, number] {
  const { width, height, data } = raster;
  const samples: number[][] = [[], [], []];
  const add = (x: number, y: number) => {
    for (let c = 0; c < 3; c++) samples[c]!.push(data[(y * width + x) * 4 + c]!);
  };
  for (let x = 0; x < width; x++) {
    add(x, 0);
    add(x, height - 1);
  }
  for (let y = 0; y < height; y++) {
    add(0, y);
    add(width - 1, y);
  }
  return samples.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!) as [number, number, number];
}
