import type { QuarterAngle, Raster } from '../image/raster.js';
import { orderCorners, quadHeight, quadWidth, uprightTransform, type Quad } from './quad.js';

/** A box this much longer than high is a line whose direction can be told. */
const LINE_ASPECT = 2;

/**
 * 0 when the page's text lines run across the image, 90 when they run down it (a quarter turn):
 * the total length of wide boxes against that of tall ones. Which way up is for the recognizer
 * to tell (see recognize-page).
 */
export function lineDirection(quads: readonly Quad[]): 0 | 90 {
  let [along, across] = [0, 0];
  for (const quad of quads) {
    const [w, h] = [quadWidth(quad), quadHeight(quad)];
    if (w >= LINE_ASPECT * h) along += w;
    else if (h >= LINE_ASPECT * w) across += h;
  }
  return across > along ? 90 : 0;
}

/** Each box mapped onto the page turned back by `angle`, and its corners mapped back onto the raster in reading order. */
export function uprightQuads(quads: readonly Quad[], angle: QuarterAngle, raster: Raster): { upright: Quad; source: Quad }[] {
  const turn = uprightTransform(angle, raster.width, raster.height);
  return quads.map((quad) => {
    const upright = orderCorners(quad.map(turn.toUpright));
    return { upright, source: upright.map(turn.fromUpright) as Quad };
  });
}
