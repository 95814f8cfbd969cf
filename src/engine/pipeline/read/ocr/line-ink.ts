import type { LineCrop } from './line-crop.js';

/** Dark pixels per column and per row of a line image, and the band of rows its text fills (bottom exclusive). */
export type LineInk = { columns: Uint16Array; rows: Uint16Array; textHeight: number; textTop: number; textBottom: number };

/** A column with fewer dark pixels than this is empty: a speck of noise does not close a gap. */
export const INKED = 2;

/** Dark meaning below the crop's Otsu threshold (light text on dark is turned over). */
export function lineInk(crop: LineCrop): LineInk {
  const { gray, width, height } = crop;
  const threshold = otsu(gray);
  const darkCount = gray.reduce((n, v) => n + (v < threshold ? 1 : 0), 0);
  const inverted = darkCount > gray.length / 2;
  const columns = new Uint16Array(width);
  const rows = new Uint16Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (gray[y * width + x]! < threshold !== inverted) {
        columns[x]!++;
        rows[y]!++;
      }
    }
  }
  const [textTop, textBottom] = inkBand(rows, width);
  return { columns, rows, textHeight: textBottom - textTop, textTop, textBottom };
}

/** The band of rows holding most of the ink: where the text sits in the crop. */
function inkBand(rows: Uint16Array, width: number): [number, number] {
  const floor = Math.max(1, Math.max(...rows) * 0.1, width * 0.002);
  const inked = [...rows.keys()].filter((y) => rows[y]! >= floor);
  return inked.length === 0 ? [0, rows.length] : [inked[0]!, inked[inked.length - 1]! + 1];
}

/** Otsu's threshold of a grey image. */
function otsu(gray: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const v of gray) histogram[v]!++;
  const total = gray.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * histogram[v]!;
  let [sumBelow, countBelow, best, bestVariance] = [0, 0, 128, -1];
  for (let t = 0; t < 256; t++) {
    countBelow += histogram[t]!;
    sumBelow += t * histogram[t]!;
    const countAbove = total - countBelow;
    if (countBelow === 0 || countAbove === 0) continue;
    const between = countBelow * countAbove * (sumBelow / countBelow - (sumAll - sumBelow) / countAbove) ** 2;
    if (between > bestVariance) [best, bestVariance] = [t + 1, between];
  }
  return best;
}
