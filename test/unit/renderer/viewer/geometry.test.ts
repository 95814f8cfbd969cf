import { describe, expect, it } from 'vitest';
import {
  boundingRect,
  fitScale,
  originalSize,
  originalTurn,
  quarterTurn,
  screenRectOf,
  scrollAfterZoom,
  scrollToReveal,
  surfaceTransform,
  toPage,
  toScreen,
  turnMatrix,
  turnedSize,
  zoomStep,
  type PageFrame,
  type Point,
  type QuarterTurn,
} from '../../../../src/renderer/features/viewer/geometry';

const PAGE: PageFrame = { width: 1000, height: 600, angle: 0 };
const TURNS: QuarterTurn[] = [0, 90, 180, 270];

/** What the browser does with a CSS matrix() (origin top-left). */
function applyCss(transform: string, point: Point): Point {
  if (transform === 'none') return point;
  const match = /^matrix\(([^)]+)\)$/.exec(transform);
  if (!match) throw new Error(`unexpected transform ${transform}`);
  const [a, b, c, d, e, f] = match[1]!.split(',').map(Number) as [number, number, number, number, number, number];
  return { x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f };
}

describe('page geometry', () => {
  it('maps the page corners onto the turned page', () => {
    const view = { rotation: 90 as const, scale: 0.5 };
    // Turned a quarter clockwise: the top-left corner goes to the top-right.
    expect(toScreen({ x: 0, y: 0 }, PAGE, view)).toEqual({ x: 300, y: 0 });
    expect(toScreen({ x: 1000, y: 0 }, PAGE, view)).toEqual({ x: 300, y: 500 });
    expect(toScreen({ x: 0, y: 600 }, PAGE, view)).toEqual({ x: 0, y: 0 });
    expect(toScreen({ x: 10, y: 20 }, PAGE, { rotation: 180, scale: 2 })).toEqual({ x: 1980, y: 1160 });
    expect(toScreen({ x: 10, y: 20 }, PAGE, { rotation: 270, scale: 1 })).toEqual({ x: 20, y: 990 });
  });

  it('goes back from the screen to the same page point at every turn and scale', () => {
    for (const rotation of TURNS) {
      for (const scale of [0.25, 1, 3.5]) {
        for (const point of [{ x: 0, y: 0 }, { x: 123, y: 456 }, { x: 1000, y: 600 }]) {
          const back = toPage(toScreen(point, PAGE, { rotation, scale }), PAGE, { rotation, scale });
          expect(back.x).toBeCloseTo(point.x, 9);
          expect(back.y).toBeCloseTo(point.y, 9);
        }
      }
    }
  });

  it('keeps every page point inside the turned page', () => {
    for (const rotation of TURNS) {
      const size = turnedSize(PAGE, rotation);
      for (const point of [{ x: 0, y: 0 }, { x: 1000, y: 600 }, { x: 1000, y: 0 }, { x: 0, y: 600 }]) {
        const s = toScreen(point, PAGE, { rotation, scale: 1 });
        expect(s.x).toBeGreaterThanOrEqual(0);
        expect(s.y).toBeGreaterThanOrEqual(0);
        expect(s.x).toBeLessThanOrEqual(size.width);
        expect(s.y).toBeLessThanOrEqual(size.height);
      }
    }
  });

  it('gives a CSS transform that puts the unturned surface where toScreen says', () => {
    for (const rotation of TURNS) {
      const scale = 0.75;
      const transform = surfaceTransform(PAGE, { rotation, scale });
      for (const point of [{ x: 0, y: 0 }, { x: 250, y: 100 }, { x: 1000, y: 600 }]) {
        const css = applyCss(transform, { x: point.x * scale, y: point.y * scale });
        const expected = toScreen(point, PAGE, { rotation, scale });
        expect(css.x).toBeCloseTo(expected.x, 6);
        expect(css.y).toBeCloseTo(expected.y, 6);
      }
    }
  });

  it('turns the original back by the page angle: the page space is the upright page', () => {
    expect(originalTurn({ ...PAGE, angle: 90 })).toBe(270);
    expect(originalTurn({ ...PAGE, angle: 270 })).toBe(90);
    expect(originalTurn({ ...PAGE, angle: 180 })).toBe(180);
    expect(originalTurn({ ...PAGE, angle: 0 })).toBe(0);
    // An upright 1000 × 600 page scanned a quarter turn round is stored 600 × 1000.
    expect(originalSize({ ...PAGE, angle: 90 })).toEqual({ width: 600, height: 1000 });
    expect(originalSize({ ...PAGE, angle: 180 })).toEqual({ width: 1000, height: 600 });
    expect(quarterTurn(-90)).toBe(270);
    expect(quarterTurn(450)).toBe(90);
    expect(quarterTurn(44)).toBe(0);
  });

  it('turns the stored original upright with the same matrix as the screen mapping', () => {
    for (const angle of TURNS) {
      const page = { ...PAGE, angle };
      const stored = originalSize(page);
      const [a, b, c, d, e, f] = turnMatrix(originalTurn(page), stored.width, stored.height);
      // A stored pixel lands inside the upright page, and corners go to corners.
      const corners = [[0, 0], [stored.width, 0], [0, stored.height], [stored.width, stored.height]].map(([x, y]) => ({ x: a * x! + c * y! + e, y: b * x! + d * y! + f }));
      expect(corners.map((p) => [Math.abs(p.x), Math.abs(p.y)]).sort()).toEqual([[0, 0], [0, 600], [1000, 0], [1000, 600]].sort());
      // Turning the stored page by `angle` and then back gives the identity.
      const there = toScreen({ x: 123, y: 45 }, page, { rotation: angle, scale: 1 });
      const back = { x: a * there.x + c * there.y + e, y: b * there.x + d * there.y + f };
      expect(back.x).toBeCloseTo(123, 9);
      expect(back.y).toBeCloseTo(45, 9);
    }
  });

  it('maps a box to an upright screen rectangle, ignoring junk', () => {
    const box = [100, 50, 300, 50, 300, 80, 100, 80];
    expect(screenRectOf(box, PAGE, { rotation: 0, scale: 2 })).toEqual({ left: 200, top: 100, width: 400, height: 60 });
    expect(screenRectOf(box, PAGE, { rotation: 90, scale: 1 })).toEqual({ left: 520, top: 100, width: 30, height: 200 });
    expect(screenRectOf([], PAGE, { rotation: 0, scale: 1 })).toBeUndefined();
    expect(screenRectOf([1, Number.NaN, 3, 4], PAGE, { rotation: 0, scale: 1 })).toBeUndefined();
    // An odd trailing number is dropped rather than read as half a corner.
    expect(boundingRect([{ x: 1, y: 2 }])).toEqual({ left: 1, top: 2, width: 0, height: 0 });
    expect(screenRectOf([10, 10, 20, 30, 99], PAGE, { rotation: 0, scale: 1 })).toEqual({ left: 10, top: 10, width: 10, height: 20 });
  });

  it('fits the turned page to the width or whole into the space', () => {
    expect(fitScale(PAGE, 0, { width: 500, height: 100 }, 'width')).toBe(0.5);
    expect(fitScale(PAGE, 0, { width: 500, height: 150 }, 'page')).toBe(0.25);
    expect(fitScale(PAGE, 90, { width: 300, height: 2000 }, 'width')).toBe(0.5);
    expect(fitScale(PAGE, 0, { width: 1_000_000, height: 1_000_000 }, 'page')).toBe(8);
    expect(fitScale({ width: 0, height: 0, angle: 0 }, 0, { width: 500, height: 500 }, 'page')).toBe(1);
  });

  it('zooms in steps and keeps the point under the pointer in place', () => {
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(1.25, -1)).toBe(1);
    expect(zoomStep(8, 1)).toBe(8);
    const scroll = scrollAfterZoom({ x: 100, y: 200 }, { x: 50, y: 50 }, 1, 2);
    // The content point under the pointer was (150, 250); at twice the scale it is at (300, 500).
    expect(scroll).toEqual({ x: 250, y: 450 });
  });

  it('scrolls a box into view only when it is not visible', () => {
    const viewport = { scrollLeft: 0, scrollTop: 0, width: 400, height: 300 };
    expect(scrollToReveal({ left: 10, top: 10, width: 50, height: 20 }, viewport)).toEqual({ x: 0, y: 0 });
    expect(scrollToReveal({ left: 900, top: 1000, width: 100, height: 40 }, viewport)).toEqual({ x: 750, y: 870 });
  });
});
