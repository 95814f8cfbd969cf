import type { QuarterAngle } from '../image/raster.js';

export type Point = [number, number];
/** Corners of a text box: top-left, top-right, bottom-right, bottom-left in reading order. */
export type Quad = [Point, Point, Point, Point];

/** Orders four corners as PaddleOCR does: the two leftmost give top-left and bottom-left, the two rightmost the others. */
export function orderCorners(points: readonly Point[]): Quad {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  const [l1, l2, r1, r2] = sorted as Quad;
  const [topLeft, bottomLeft] = l1[1] <= l2[1] ? [l1, l2] : [l2, l1];
  const [topRight, bottomRight] = r1[1] <= r2[1] ? [r1, r2] : [r2, r1];
  return [topLeft, topRight, bottomRight, bottomLeft];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function quadWidth(q: Quad): number {
  return (distance(q[0], q[1]) + distance(q[3], q[2])) / 2;
}

export function quadHeight(q: Quad): number {
  return (distance(q[0], q[3]) + distance(q[1], q[2])) / 2;
}

/** The point at fraction `along` of the top (t=0) to bottom (t=1) edges, `down` from top to bottom. */
function quadPoint(q: Quad, along: number, down: number): Point {
  const top: Point = [q[0][0] + along * (q[1][0] - q[0][0]), q[0][1] + along * (q[1][1] - q[0][1])];
  const bottom: Point = [q[3][0] + along * (q[2][0] - q[3][0]), q[3][1] + along * (q[2][1] - q[3][1])];
  return [top[0] + down * (bottom[0] - top[0]), top[1] + down * (bottom[1] - top[1])];
}

/** The slice of a quad between two fractions of its width. */
export function quadSlice(q: Quad, from: number, to: number): Quad {
  return [quadPoint(q, from, 0), quadPoint(q, to, 0), quadPoint(q, to, 1), quadPoint(q, from, 1)];
}

/** The band of a quad between two fractions of its height. */
export function quadRows(q: Quad, from: number, to: number): Quad {
  return [quadPoint(q, 0, from), quadPoint(q, 1, from), quadPoint(q, 1, to), quadPoint(q, 0, to)];
}

/** 8 integers, the contract's vertex list. */
export function quadVertices(q: Quad): number[] {
  return q.flatMap(([x, y]) => [Math.round(x), Math.round(y)]);
}

/**
 * Maps points of an image (width × height) to the upright page it shows, when the image is the
 * upright page turned clockwise by `angle`; and back.
 */
export function uprightTransform(angle: QuarterAngle, width: number, height: number): { toUpright: (p: Point) => Point; fromUpright: (p: Point) => Point; width: number; height: number } {
  switch (angle) {
    case 90:
      return { toUpright: ([x, y]) => [y, width - x], fromUpright: ([u, v]) => [width - v, u], width: height, height: width };
    case 180:
      return { toUpright: ([x, y]) => [width - x, height - y], fromUpright: ([u, v]) => [width - u, height - v], width, height };
    case 270:
      return { toUpright: ([x, y]) => [height - y, x], fromUpright: ([u, v]) => [v, height - u], width: height, height: width };
    default:
      return { toUpright: (p) => p, fromUpright: (p) => p, width, height };
  }
}

/** Convex hull (monotone chain), counter-clockwise in image coordinates. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

export type RotatedRect = { center: Point; width: number; height: number; /** radians, direction of `width` */ angle: number };

/** The smallest-area rectangle around a convex hull (rotating calipers over the hull's edges). */
export function minAreaRect(hull: readonly Point[]): RotatedRect {
  let best: RotatedRect = { center: hull[0] ?? [0, 0], width: 0, height: 0, angle: 0 };
  let bestArea = Number.POSITIVE_INFINITY;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [x, y] of hull) {
      const u = x * c + y * s;
      const v = -x * s + y * c;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const [cu, cv] = [(minU + maxU) / 2, (minV + maxV) / 2];
      best = { center: [cu * c - cv * s, cu * s + cv * c], width: maxU - minU, height: maxV - minV, angle };
    }
  }
  return best;
}

export function rectCorners(rect: RotatedRect): Point[] {
  const [c, s] = [Math.cos(rect.angle), Math.sin(rect.angle)];
  const [hw, hh] = [rect.width / 2, rect.height / 2];
  return [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ].map(([u, v]) => [rect.center[0] + u! * c - v! * s, rect.center[1] + u! * s + v! * c] as Point);
}
