import type { Raster } from '../image/raster.js';
import type { Quad } from './quad.js';

/** A text line resampled to a fixed height, upright, as the recognizer reads it. */
export type LineCrop = {
  width: number;
  height: number;
  /** Luma, row by row. */
  gray: Uint8Array;
  /** B, G, R planes, each width × height, 0..255. */
  bgr: Uint8Array;
};

/**
 * Samples the quad (corners in the raster's pixel space, top-left first in reading order) into a
 * width × height image with bilinear interpolation: crop, deskew, turn and resize in one pass.
 */
export function cropLine(raster: Raster, quad: Quad, width: number, height: number): LineCrop {
  const [p0, p1, , p3] = quad;
  const [ux, uy] = [(p1[0] - p0[0]) / width, (p1[1] - p0[1]) / width];
  const [vx, vy] = [(p3[0] - p0[0]) / height, (p3[1] - p0[1]) / height];
  const plane = width * height;
  const gray = new Uint8Array(plane);
  const bgr = new Uint8Array(3 * plane);
  const { data, width: w, height: h } = raster;
  // Plain scalars in the loop (no destructuring): it runs for every pixel of every line.
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const x = Math.min(w - 1.001, Math.max(0, p0[0] + (u + 0.5) * ux + (v + 0.5) * vx - 0.5));
      const y = Math.min(h - 1.001, Math.max(0, p0[1] + (u + 0.5) * uy + (v + 0.5) * vy - 0.5));
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const i00 = (y0 * w + x0) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + w * 4;
      const i11 = i01 + 4;
      const a = (1 - fx) * (1 - fy);
      const b = fx * (1 - fy);
      const c = (1 - fx) * fy;
      const d = fx * fy;
      const r = a * data[i00]! + b * data[i10]! + c * data[i01]! + d * data[i11]!;
      const g = a * data[i00 + 1]! + b * data[i10 + 1]! + c * data[i01 + 1]! + d * data[i11 + 1]!;
      const bl = a * data[i00 + 2]! + b * data[i10 + 2]! + c * data[i01 + 2]! + d * data[i11 + 2]!;
      const p = v * width + u;
      bgr[p] = bl;
      bgr[plane + p] = g;
      bgr[2 * plane + p] = r;
      gray[p] = 0.299 * r + 0.587 * g + 0.114 * bl;
    }
  }
  return { width, height, gray, bgr };
}

/**
 * A crop as the recognizer's 1 × 3 × height × width input, left-aligned and normalised to -1..1 as
 * PaddleOCR does; the padding on the right is 0 (mid-grey), as in PaddleOCR.
 */
export function packCrop(crop: LineCrop, width: number): Float32Array {
  const [plane, cropPlane] = [width * crop.height, crop.width * crop.height];
  const input = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < crop.height; y++) {
      for (let x = 0; x < crop.width; x++) input[c * plane + y * width + x] = crop.bgr[c * cropPlane + y * crop.width + x]! / 127.5 - 1;
    }
  }
  return input;
}
