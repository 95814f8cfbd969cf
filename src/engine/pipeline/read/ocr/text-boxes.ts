import { convexHull, minAreaRect, orderCorners, rectCorners, type Point, type Quad, type RotatedRect } from './quad.js';

/**
 * PaddleOCR's DB post-processing settings (det_db_thresh, det_db_box_thresh, det_db_unclip_ratio).
 * Boxes are kept from a mean probability of 0.5 (PaddleOCR's default is 0.6): on faded receipts the
 * boxes between 0.5 and 0.6 are real lines (a heading over a rule, thin print), +0.3-0.5 points of
 * word recall on the development receipts at the same CPU.
 */
export const DB_SETTINGS = { threshold: 0.3, boxThreshold: 0.5, unclipRatio: 1.5, maxCandidates: 1000, minSide: 3 } as const;

type Component = { pixels: number; rows: number[] };

/**
 * Text boxes from the detector's probability map (width × height): connected regions above the
 * threshold, each as its smallest rotated rectangle, kept when confident, then grown ("unclipped")
 * by the ratio DB was trained with. Corners are in the map's pixel space.
 */
export function boxesFromProbabilities(map: Float32Array, width: number, height: number): Quad[] {
  const components = [...labelComponents(map, width, height).values()].sort((a, b) => b.pixels - a.pixels).slice(0, DB_SETTINGS.maxCandidates);
  const quads: Quad[] = [];
  for (const component of components) {
    const rect = minAreaRect(convexHull(rowExtremes(component.rows)));
    if (Math.min(rect.width, rect.height) < DB_SETTINGS.minSide) continue;
    if (meanInside(map, width, height, rect) < DB_SETTINGS.boxThreshold) continue;
    const grown = unclip(rect);
    if (Math.min(grown.width, grown.height) < DB_SETTINGS.minSide + 2) continue;
    quads.push(orderCorners(rectCorners(grown).map(([x, y]) => [clamp(x, 0, width), clamp(y, 0, height)] as Point)));
  }
  return quads;
}

/** 8-connected regions of the thresholded map, by union-find; each with its per-row [y, minX, maxX]. */
function labelComponents(map: Float32Array, width: number, height: number): Map<number, Component> {
  const labels = new Int32Array(width * height).fill(-1);
  const parent: number[] = [];
  // Runs for every text pixel of the page: the neighbours are plain scalars, no array or closure per pixel.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (map[i]! <= DB_SETTINGS.threshold) continue;
      let first = joined(parent, -1, x > 0 ? labels[i - 1]! : -1);
      first = joined(parent, first, y > 0 && x > 0 ? labels[i - width - 1]! : -1);
      first = joined(parent, first, y > 0 ? labels[i - width]! : -1);
      first = joined(parent, first, y > 0 && x < width - 1 ? labels[i - width + 1]! : -1);
      if (first < 0) {
        first = parent.length;
        parent.push(first);
      }
      labels[i] = first;
    }
  }
  const components = new Map<number, Component>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const label = labels[y * width + x]!;
      if (label < 0) continue;
      const root = find(parent, label);
      let component = components.get(root);
      if (!component) components.set(root, (component = { pixels: 0, rows: [] }));
      component.pixels++;
      const n = component.rows.length;
      if (n > 0 && component.rows[n - 3] === y) component.rows[n - 1] = x;
      else component.rows.push(y, x, x);
    }
  }
  return components;
}

/** Pixel corners at each row's ends: enough for the convex hull of the region. */
function rowExtremes(rows: readonly number[]): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < rows.length; i += 3) {
    const [y, minX, maxX] = [rows[i]!, rows[i + 1]!, rows[i + 2]!];
    points.push([minX, y], [minX, y + 1], [maxX + 1, y], [maxX + 1, y + 1]);
  }
  return points;
}

/** Mean probability inside the rotated rectangle (DB's box score). */
function meanInside(map: Float32Array, width: number, height: number, rect: RotatedRect): number {
  const corners = rectCorners(rect);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const [x0, x1] = [Math.max(0, Math.floor(Math.min(...xs))), Math.min(width - 1, Math.ceil(Math.max(...xs)))];
  const [y0, y1] = [Math.max(0, Math.floor(Math.min(...ys))), Math.min(height - 1, Math.ceil(Math.max(...ys)))];
  const [c, s] = [Math.cos(rect.angle), Math.sin(rect.angle)];
  let [sum, count] = [0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - rect.center[0];
      const dy = y + 0.5 - rect.center[1];
      if (Math.abs(dx * c + dy * s) > rect.width / 2 || Math.abs(-dx * s + dy * c) > rect.height / 2) continue;
      sum += map[y * width + x]!;
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}

function find(parent: number[], a: number): number {
  while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
  return a;
}

/** The first neighbour's label, with `label` joined to it; `label` itself when it is the first (-1: none). */
function joined(parent: number[], first: number, label: number): number {
  if (label < 0) return first;
  if (first < 0) return label;
  const a = find(parent, first);
  const b = find(parent, label);
  if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  return first;
}

/** Grows a rectangle by area × ratio / perimeter on every side, as DB's unclip does. */
function unclip(rect: RotatedRect): RotatedRect {
  const grow = (rect.width * rect.height * DB_SETTINGS.unclipRatio) / (2 * (rect.width + rect.height));
  return { ...rect, width: rect.width + 2 * grow, height: rect.height + 2 * grow };
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}
