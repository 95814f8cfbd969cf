// Page pixel space (pages[] width, height; vertices top-left origin) <-> screen. Pure: no DOM.

export type QuarterTurn = 0 | 90 | 180 | 270;

/** A page as the interface describes it: its pixel space and how far its content was turned clockwise. */
export interface PageFrame {
  width: number;
  height: number;
  angle: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How a page is shown: turned clockwise by `rotation`, then scaled. */
export interface PageView {
  rotation: QuarterTurn;
  scale: number;
}

export const ZOOM_LIMITS = { min: 0.1, max: 8 } as const;

/** Any angle as a quarter turn in 0..270 (the interface only uses 0, 90, 180, 270; others round to the nearest). */
export function quarterTurn(degrees: number): QuarterTurn {
  const normal = ((Math.round(degrees / 90) * 90) % 360 + 360) % 360;
  return normal as QuarterTurn;
}

/**
 * How far to turn a page's original clockwise to show it upright. The interface's page space
 * (width, height, vertices) is the page turned upright; `angle` says how far the original (the
 * scan as stored) was turned clockwise, so the original is turned back by as much.
 */
export function originalTurn(page: PageFrame): QuarterTurn {
  return quarterTurn(-page.angle);
}

/** Width and height of the original as stored: an upright page turned by `angle`. */
export function originalSize(page: PageFrame): { width: number; height: number } {
  return turnedSize(page, quarterTurn(page.angle));
}

export type Matrix = [a: number, b: number, c: number, d: number, e: number, f: number];

/**
 * The affine matrix (canvas and CSS order) that turns a width × height picture clockwise by
 * `rotation` about its top-left corner and moves it back into view: the same mapping as toScreen.
 */
export function turnMatrix(rotation: QuarterTurn, width: number, height: number): Matrix {
  if (rotation === 90) return [0, 1, -1, 0, height, 0];
  if (rotation === 180) return [-1, 0, 0, -1, width, height];
  if (rotation === 270) return [0, -1, 1, 0, 0, width];
  return [1, 0, 0, 1, 0, 0];
}

/** Width and height of the page once turned, before scaling. */
export function turnedSize(page: PageFrame, rotation: QuarterTurn): { width: number; height: number } {
  return rotation === 90 || rotation === 270 ? { width: page.height, height: page.width } : { width: page.width, height: page.height };
}

/** A page point on the screen, relative to the top-left corner of the shown page. */
export function toScreen(point: Point, page: PageFrame, view: PageView): Point {
  const { x, y } = point;
  const turned =
    view.rotation === 90 ? { x: page.height - y, y: x }
    : view.rotation === 180 ? { x: page.width - x, y: page.height - y }
    : view.rotation === 270 ? { x: y, y: page.width - x }
    : { x, y };
  return { x: turned.x * view.scale, y: turned.y * view.scale };
}

/** The page point under a screen point (relative to the shown page's top-left corner). */
export function toPage(point: Point, page: PageFrame, view: PageView): Point {
  const x = point.x / view.scale;
  const y = point.y / view.scale;
  if (view.rotation === 90) return { x: y, y: page.height - x };
  if (view.rotation === 180) return { x: page.width - x, y: page.height - y };
  if (view.rotation === 270) return { x: page.width - y, y: x };
  return { x, y };
}

/** Corners of a flat vertex list (x1,y1,x2,y2,...); an odd trailing number is ignored. */
export function cornersOf(vertices: readonly number[]): Point[] {
  const points: Point[] = [];
  for (let i = 0; i + 1 < vertices.length; i += 2) points.push({ x: vertices[i]!, y: vertices[i + 1]! });
  return points;
}

/** The smallest upright rectangle around some points; undefined for none or non-finite numbers. */
export function boundingRect(points: readonly Point[]): Rect | undefined {
  if (points.length === 0 || points.some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y))) return undefined;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** A box of the page (vertices in page pixels) as an upright rectangle in page pixels. */
export function pageRectOf(vertices: readonly number[]): Rect | undefined {
  return boundingRect(cornersOf(vertices));
}

/** A box of the page as a rectangle on the screen, relative to the shown page. */
export function screenRectOf(vertices: readonly number[], page: PageFrame, view: PageView): Rect | undefined {
  return boundingRect(cornersOf(vertices).map((p) => toScreen(p, page, view)));
}

/**
 * The CSS transform (origin at the top-left corner) that shows an unturned page surface, laid
 * out in page pixels times scale, turned by `rotation`: content and overlay boxes land where
 * toScreen says.
 */
export function surfaceTransform(page: PageFrame, view: PageView): string {
  return view.rotation === 0 ? 'none' : `matrix(${turnMatrix(view.rotation, page.width * view.scale, page.height * view.scale).join(', ')})`;
}

export type FitMode = 'width' | 'page';

/** The scale at which the turned page fills the available width, or fits whole, within the zoom limits. */
export function fitScale(page: PageFrame, rotation: QuarterTurn, available: { width: number; height: number }, mode: FitMode): number {
  const size = turnedSize(page, rotation);
  if (size.width <= 0 || size.height <= 0 || available.width <= 0) return 1;
  const byWidth = available.width / size.width;
  const scale = mode === 'width' || available.height <= 0 ? byWidth : Math.min(byWidth, available.height / size.height);
  return clampScale(scale);
}

export function clampScale(scale: number): number {
  return Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, scale));
}

/** Zoom steps a clerk expects (+/- keys): about 1.25 times per step, never past the limits. */
export function zoomStep(scale: number, direction: 1 | -1): number {
  return clampScale(direction > 0 ? scale * 1.25 : scale / 1.25);
}

/**
 * The scroll offsets that keep the screen point under the pointer (`anchor`, relative to the
 * viewport) on the same page point when the scale changes from `before` to `after`.
 */
export function scrollAfterZoom(scroll: Point, anchor: Point, before: number, after: number): Point {
  const ratio = after / before;
  return { x: (scroll.x + anchor.x) * ratio - anchor.x, y: (scroll.y + anchor.y) * ratio - anchor.y };
}

/**
 * The scroll offsets that bring a rectangle (relative to the scrolled content) into a viewport,
 * centring it when it is out of view and leaving the scroll alone when it is already visible.
 */
export function scrollToReveal(rect: Rect, viewport: { scrollLeft: number; scrollTop: number; width: number; height: number }): Point {
  const visible =
    rect.left >= viewport.scrollLeft &&
    rect.top >= viewport.scrollTop &&
    rect.left + rect.width <= viewport.scrollLeft + viewport.width &&
    rect.top + rect.height <= viewport.scrollTop + viewport.height;
  if (visible) return { x: viewport.scrollLeft, y: viewport.scrollTop };
  return {
    x: Math.max(0, rect.left + rect.width / 2 - viewport.width / 2),
    y: Math.max(0, rect.top + rect.height / 2 - viewport.height / 2),
  };
}
