import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';

/** A decoded page image: RGBA, row by row, top-left origin; opaque (decoders lay transparency over white). */
export type Raster = {
  width: number;
  height: number;
  data: Uint8ClampedArray;
};

/** Clockwise quarter turns of a page image: what `pages[].angle` reports. */
export type QuarterAngle = 0 | 90 | 180 | 270;

export function blankRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** Canvases holding a raster's pixels (the decoder's), so that each resampling of the page does not copy it onto a new one. */
const canvases = new WeakMap<Uint8ClampedArray, Canvas>();

/**
 * An opaque canvas's pixels as a raster, the canvas kept as its source for resampling. Skia's
 * pixels are premultiplied, which for opaque ones are the bytes getImageData gives, without its pass.
 */
export function rasterOfCanvas(canvas: Canvas): Raster {
  const data = new Uint8ClampedArray(canvas.data());
  canvases.set(data, canvas);
  return { width: canvas.width, height: canvas.height, data };
}

/** Resamples with the native canvas (area-filtered), much faster than a JS loop on large pages. */
export function scaleRaster(raster: Raster, width: number, height: number): Raster {
  if (width === raster.width && height === raster.height) return raster;
  const target = createCanvas(width, height);
  const context = target.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvasOf(raster), 0, 0, width, height);
  return rasterOfCanvas(target);
}

/** The raster on a canvas: the one it was read from when there is one, else a new copy (kept for the next caller). */
export function canvasOf(raster: Raster): Canvas {
  let canvas = canvases.get(raster.data);
  if (!canvas) {
    canvas = createCanvas(raster.width, raster.height);
    canvas.getContext('2d').putImageData(new ImageData(raster.data, raster.width, raster.height), 0, 0);
    canvases.set(raster.data, canvas);
  }
  return canvas;
}

/** The largest size within `maxPixels` keeping the aspect ratio; never enlarges. */
export function boundedSize(width: number, height: number, maxPixels: number): { width: number; height: number; scale: number } {
  const scale = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

/** The part of a raster inside an axis-aligned rectangle (clamped to the raster). */
export function cropRaster(raster: Raster, left: number, top: number, right: number, bottom: number): Raster {
  const [x0, y0] = [Math.max(0, Math.floor(left)), Math.max(0, Math.floor(top))];
  const [x1, y1] = [Math.min(raster.width, Math.ceil(right)), Math.min(raster.height, Math.ceil(bottom))];
  const out = blankRaster(Math.max(1, x1 - x0), Math.max(1, y1 - y0));
  for (let y = y0; y < y1; y++) out.data.set(raster.data.subarray((y * raster.width + x0) * 4, (y * raster.width + x1) * 4), (y - y0) * out.width * 4);
  return out;
}

/** Turns a raster clockwise by a multiple of 90 degrees. */
export function rotateRaster(raster: Raster, clockwise: QuarterAngle): Raster {
  if (clockwise === 0) return raster;
  const { width: w, height: h } = raster;
  const turned = clockwise === 180 ? blankRaster(w, h) : blankRaster(h, w);
  const source = new Uint32Array(raster.data.buffer, raster.data.byteOffset, w * h);
  const target = new Uint32Array(turned.data.buffer);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const pixel = source[y * w + x]!;
      if (clockwise === 90) target[x * h + (h - 1 - y)] = pixel;
      else if (clockwise === 180) target[(h - 1 - y) * w + (w - 1 - x)] = pixel;
      else target[(w - 1 - x) * h + y] = pixel;
    }
  }
  return turned;
}

/** The raster turned back by the clockwise angle it was found at (as recognition reads it). */
export function uprightRaster(raster: Raster, angle: QuarterAngle): Raster {
  return rotateRaster(raster, ((360 - angle) % 360) as QuarterAngle);
}

/** A crop child's part of its parent's page: its box on the page turned upright. */
export function cropOfPage(raster: Raster, crop: { box: readonly [number, number, number, number]; parentAngle: QuarterAngle }): Raster {
  return cropRaster(uprightRaster(raster, crop.parentAngle), ...crop.box);
}
